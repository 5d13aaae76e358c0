/**
 * When a change needs a reason for change (ecrf-core.md §4 states; docs/backend.md "Reason for
 * change"; the audit trail of 21 CFR 11.10(e)): a change to a complete form, or to any form of a visit
 * that is complete or signed. The backend refuses such a save without a reason, the graph tells
 * integrators before they save, and the browser asks for the reason up front.
 */
import type { InstrumentState } from '../definition/instances.js';

export type ReasonForChangeInput = {
  /** The stored state of the form being changed; null for a new form and for the patient fields. */
  formState: InstrumentState | null;
  /** The visit the form belongs to (a visit's own fields: the visit); null for the patient and standalone instruments. */
  visit: { state: InstrumentState; isSigned: boolean } | null;
};

export function reasonForChangeRequired({ formState, visit }: ReasonForChangeInput): boolean {
  return formState === 'complete' || visit?.state === 'complete' || visit?.isSigned === true;
}

/** The reason as given, trimmed; null when it is blank (issue 15: a blank reason is no reason). */
export function givenReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
