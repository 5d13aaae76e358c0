/**
 * `StudyPatient.visitOptions`: every visit definition by order, and whether a new visit of it can be
 * created now, by the same @ecrf/rules check the backend's createVisit refuses with (`visitUnavailableReason`).
 * It evaluates on the loaded patient context, so it costs no backend call of its own.
 */
import {
  visitUnavailableReason,
  type VisitDefinition as RulesVisitDefinition,
  type VisitUnavailableReason as RulesUnavailableReason,
} from '@ecrf/rules';
import type { ResolversTypes, VisitUnavailableReason } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { definitionVersionOf } from './documentation.js';
import { evaluationOf, type Evaluation } from './field-state.js';
import type { PatientContext } from './models.js';

type VisitOption = ResolversTypes['VisitOption'];

const reasons = {
  notVisible: 'NOT_VISIBLE',
  max: 'MAXIMUM_REACHED',
  noBaseline: 'NO_BASELINE',
  baselineNew: 'BASELINE_NEW',
  noBaselineDate: 'NO_BASELINE_DATE',
  notYetDue: 'NOT_YET_DUE',
  deceased: 'DECEASED',
  vitalState: 'VITAL_STATE',
} as const satisfies Record<RulesUnavailableReason, VisitUnavailableReason>;

function unavailableReason(definition: RulesVisitDefinition, evaluation: Evaluation): VisitUnavailableReason | null {
  const { index, stored, today } = evaluation.input;
  const reason = visitUnavailableReason(definition, stored, evaluation.contextFor({ kind: 'patient' }, stored.fields), index, today);
  return reason === null ? null : reasons[reason];
}

export async function visitOptionsOf(patient: PatientContext, context: GatewayContext): Promise<VisitOption[]> {
  const evaluation = await evaluationOf(patient, context);
  const version = definitionVersionOf(patient);
  return [...evaluation.input.index.study.visits]
    .filter((visit) => visit.isDeleted !== true)
    .sort((a, b) => a.order - b.order)
    .map((visit) => {
      const reason = unavailableReason(visit, evaluation);
      return { definition: { version, visit }, available: reason === null, reason };
    });
}
