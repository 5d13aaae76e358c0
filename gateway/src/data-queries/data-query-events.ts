/**
 * `dataQueryUpdated`: query events re-authorised per subscriber by the rules' dataQueryVisible (the same
 * decision the backend reads with), on the event's facts: the query type of the patient's definition
 * version, the location, status and answer stage, and the follow-up target. The query is then read anew
 * with the subscriber's token.
 */
import { dataQueryVisible, hasRight, registryToday } from '@ecrf/rules';
import type { SubscriptionResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import type { DataQueryChangedPayload, DomainEvent } from '../events/domain-event.js';
import { delivered, liveSubscription } from '../events/subscription.js';
import type { ViewerSnapshot } from '../events/viewer-snapshot.js';
import { argumentId } from '../graph/user-errors.js';
import { loadedVersion } from '../study-definitions/definition-models.js';

type Filter = { studyId?: string; studyPatientId?: string; locationId?: string };

/** Whether the subscriber may see the query the event is about, by the event's facts alone. */
export async function dataQueryEventVisible(event: DomainEvent, viewer: ViewerSnapshot, context: GatewayContext): Promise<boolean> {
  const payload = event.payload as DataQueryChangedPayload;
  // Without a right to read queries there is nothing to load the query type for.
  if (!hasRight(viewer.rights, 'QueryGetCmd') || event.studyInstituteId === null) return false;
  const { model } = await loadedVersion(context, { studyDefinitionId: payload.studyDefinitionId, version: payload.definitionVersion });
  const queryType = model.queryTypes.find((type) => type.identifier === payload.queryTypeIdentifier);
  if (!queryType) return false;
  const facts = {
    queryType,
    status: payload.status,
    answerStage: payload.answerStage,
    locationId: event.studyInstituteId,
    targetIsFollowUpRegistry: payload.followUpRegistry,
    visitDefinitionIdentifier: payload.visitDefinitionIdentifier,
  };
  return dataQueryVisible(viewer, facts, registryToday(new Date()));
}

const matches = (event: DomainEvent, filter: Filter): boolean =>
  (!filter.studyId || event.studyId === filter.studyId) &&
  (!filter.studyPatientId || event.studyPatientId === filter.studyPatientId) &&
  (!filter.locationId || event.studyInstituteId === filter.locationId);

export const dataQuerySubscription: Pick<SubscriptionResolvers, 'dataQueryUpdated'> = {
  dataQueryUpdated: {
    subscribe: async (_, { filter, after }, context) => {
      const backendFilter: Filter = {
        studyId: filter?.studyId ? await argumentId(filter.studyId, 'Study', 'filter.studyId', context) : undefined,
        studyPatientId: filter?.studyPatientId
          ? await argumentId(filter.studyPatientId, 'StudyPatient', 'filter.studyPatientId', context)
          : undefined,
        locationId: filter?.locationId ? await argumentId(filter.locationId, 'StudyInstitute', 'filter.locationId', context) : undefined,
      };
      return liveSubscription(context, {
        after,
        types: ['DataQueryChanged'],
        visible: (event, viewer, c) => matches(event, backendFilter) && dataQueryEventVisible(event, viewer, c),
        resolve: async (event, c) => {
          const payload = event.payload as DataQueryChangedPayload;
          const dataQuery = await c.loaders.dataQueries.load(payload.queryId);
          return dataQuery && { eventId: event.id, change: payload.change, action: payload.action, dataQuery };
        },
      });
    },
    resolve: delivered,
  },
};
