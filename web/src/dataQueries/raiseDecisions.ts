/**
 * Which query types the viewer may raise on a target, and why not (ecrf-core.md §6; ecrf-calls.md §6): the
 * same `dataQueryDecision` the server refuses by, so the dialog explains a refusal before the user types.
 */
import {
  dataQueryDecision,
  dataQueryTargetIsFollowUpRegistry,
  type DataQueryDecision,
  type DataQueryViewer,
  type QueryType,
} from '@ecrf/rules';

/** Where a new query would point: the patient's location and the visit it belongs to, if any. */
export type RaiseTarget = {
  locationId: string;
  visit: { identifier: string; isFollowUpRegistry?: boolean } | null;
};

export type RaiseOption = { queryType: QueryType; decision: DataQueryDecision };

/**
 * The query types offered: those whose role list names the viewer's role (with the right to raise), each
 * with the decision for this target. Types the role may never raise are left out.
 */
export function raiseOptions(viewer: DataQueryViewer, queryTypes: readonly QueryType[], target: RaiseTarget, today: string): RaiseOption[] {
  return queryTypes
    .map((queryType) => ({
      queryType,
      decision: dataQueryDecision(
        viewer,
        {
          queryType,
          status: 'OPEN',
          answerStage: 'NEW',
          locationId: target.locationId,
          targetIsFollowUpRegistry: dataQueryTargetIsFollowUpRegistry(target.visit),
          visitDefinitionIdentifier: target.visit?.identifier ?? null,
        },
        'create',
        today,
      ),
    }))
    .filter(({ decision }) => decision.allowed || (decision.reason !== 'right' && decision.reason !== 'role'));
}
