/**
 * Whether a new visit of a definition may be created now (ecrf-core.md §4): its visibility rules,
 * `definition.max`, and for follow-up-registry visits the DigiNet follow-up conditions, in this order.
 * The backend refuses a creation with the reason; the graph offers the visit menu with it.
 */
import type { EvaluationContext } from '../constraints/context.js';
import type { DefinitionIndex } from '../definition/definition-index.js';
import type { StudyPatientContext } from '../definition/instances.js';
import type { VisitDefinition } from '../definition/study.js';
import { followUpAvailability, readFollowUpInput, type FollowUpUnavailableReason } from '../follow-up/availability.js';
import { canAddVisit, isVisitVisible } from './visit-state.js';

export type VisitUnavailableReason = 'notVisible' | 'max' | FollowUpUnavailableReason;

/** Null when the visit can be created; else why not. `context` evaluates the patient's forms. */
export function visitUnavailableReason(
  definition: VisitDefinition,
  patient: StudyPatientContext,
  context: EvaluationContext,
  index: DefinitionIndex,
  today: string,
): VisitUnavailableReason | null {
  if (!isVisitVisible(definition, null, context)) return 'notVisible';
  if (!canAddVisit(definition, patient.visits)) return 'max';
  if (definition.definition.isFollowUpRegistry === true) {
    const availability = followUpAvailability(readFollowUpInput(patient, index, today));
    if (!availability.available) return availability.reason;
  }
  return null;
}
