/**
 * `StudyPatient.visitOptions`: every visit definition by order, and whether a new visit of it can be
 * created now. Decided with @ecrf/rules as the backend's createVisit decides (backend/src/visits,
 * `assertVisitAvailable`; docs/backend.md "Visits"), in the same order of checks: visibility rules,
 * `definition.max`, then for follow-up-registry visits the DigiNet follow-up availability (ecrf-core.md §4).
 * It evaluates on the loaded patient context, so it costs no backend call of its own.
 */
import {
  canAddVisit, followUpAvailability, isVisitVisible, readFollowUpInput,
  type FollowUpUnavailableReason, type VisitDefinition as RulesVisitDefinition,
} from '@ecrf/rules';
import type { ResolversTypes, VisitUnavailableReason } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { evaluationOf, type Evaluation } from './field-state.js';
import type { PatientContext } from './models.js';

type VisitOption = ResolversTypes['VisitOption'];

const followUpReasons = {
  noBaseline: 'NO_BASELINE', baselineNew: 'BASELINE_NEW', noBaselineDate: 'NO_BASELINE_DATE',
  notYetDue: 'NOT_YET_DUE', deceased: 'DECEASED', vitalState: 'VITAL_STATE',
} as const satisfies Record<FollowUpUnavailableReason, VisitUnavailableReason>;

function unavailableReason(definition: RulesVisitDefinition, evaluation: Evaluation): VisitUnavailableReason | null {
  const { index, patientContext, today, contextFor } = evaluation;
  if (!isVisitVisible(definition, null, contextFor(patientContext.fields))) return 'NOT_VISIBLE';
  if (!canAddVisit(definition, patientContext.visits)) return 'MAXIMUM_REACHED';
  if (definition.definition.isFollowUpRegistry === true) {
    const availability = followUpAvailability(readFollowUpInput(patientContext, index, today));
    if (!availability.available) return followUpReasons[availability.reason];
  }
  return null;
}

export async function visitOptionsOf(patient: PatientContext, context: GatewayContext): Promise<VisitOption[]> {
  const [definition, evaluation] = await Promise.all([
    context.loaders.studyDefinitions.load(patient.studyDefinitionId), evaluationOf(patient, context),
  ]);
  // The rules' index is built from this same loaded definition, so every visit is in it.
  return definition.visits.filter((visit) => visit.isDeleted !== true).sort((a, b) => a.order - b.order).flatMap((visit) => {
    const rulesDefinition = evaluation.index.visitById.get(visit.id);
    if (!rulesDefinition) return [];
    const reason = unavailableReason(rulesDefinition, evaluation);
    return [{ definition: { studyDefinitionId: patient.studyDefinitionId, visit }, available: reason === null, reason }];
  });
}
