/**
 * A visit's documentation state from its instruments (ecrf-calls.md §4): complete when every instrument
 * of the visit definition exists and is complete, new while nothing is entered, missing_data otherwise.
 * When a change needs a reason for change is the rules' `reasonForChangeRequired`; here it is enforced.
 */
import { givenReason, reasonForChangeRequired, type InstrumentState, type ReasonForChangeInput, type VisitDefinition } from '@ecrf/rules';
import { EcrfError } from '../errors/errors.js';
import { DOCUMENTATION_MESSAGES } from '../errors/messages.js';

export function visitStateOf(
  definition: VisitDefinition,
  instruments: readonly { definitionId: string; state: InstrumentState; isDeleted: boolean }[],
  ownFieldsFilled: boolean,
): InstrumentState {
  const live = instruments.filter((i) => !i.isDeleted);
  const wanted = definition.instruments.filter((i) => i.isDeleted !== true);
  if (!ownFieldsFilled && live.every((i) => i.state === 'new')) return 'new';
  const complete = wanted.every((d) => live.some((i) => i.definitionId === d.id && i.state === 'complete'));
  return complete ? 'complete' : 'missing_data';
}

/** Refuses a change of `form` without a reason when the rules require one (issue 5; 21 CFR 11-style audit). */
export function requireReason(form: ReasonForChangeInput, reason: string | undefined | null): void {
  if (reasonForChangeRequired(form) && givenReason(reason) === null) {
    throw new EcrfError('ECRF_ERR_REASON_REQUIRED', DOCUMENTATION_MESSAGES.reasonRequired);
  }
}
