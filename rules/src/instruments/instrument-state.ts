/**
 * Instrument state and patient completeness (ecrf-calls.md §3, §4, §5).
 * - new: nothing entered (no value, organization or person anywhere in the instrument);
 * - missing_data: a visible required field is empty, or a visible network field is incomplete;
 * - complete: otherwise.
 * A patient is complete when every visible, non-deleted patient field whose required-field rule holds
 * has a value.
 */
import type { EvaluationContext } from '../constraints/context.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance, InstrumentState } from '../definition/instances.js';
import { walkForm } from './form-walk.js';
import type { WalkedField } from './form-walk.js';

/** Visible fields that are required and empty, or network fields that are incomplete. */
export function missingFields(walked: readonly WalkedField[]): WalkedField[] {
  return walked.filter((f) => f.visible && ((f.required && !f.hasValue) || !f.networkComplete));
}

export function instrumentState(
  definitions: readonly DataFieldDefinition[],
  instances: readonly DataFieldInstance[],
  context: EvaluationContext,
): InstrumentState {
  const walked = walkForm(definitions, instances, context);
  if (!walked.some((f) => f.hasOwnEntry)) return 'new';
  return missingFields(walked).length > 0 ? 'missing_data' : 'complete';
}

/** Patient completeness over the patient definition's fields and the patient's field instances. */
export function isPatientComplete(
  definitions: readonly DataFieldDefinition[],
  instances: readonly DataFieldInstance[],
  context: EvaluationContext,
): boolean {
  return walkForm(definitions, instances, context).every((f) => !f.visible || !f.required || f.hasValue);
}
