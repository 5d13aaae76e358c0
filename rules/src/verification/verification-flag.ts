/**
 * Data verification flags (ecrf-calls.md §3): a monitor marks a field instance as verified at the source
 * (or medically reviewed, by flag type). The spec names the states, not the transitions; docs/decisions.md
 * "Verification flags" gives the ones chosen: a change of a verified value breaks the flag, a deleted field
 * makes it obsolete, and only setting it again verifies the new value.
 */
export const VERIFICATION_FLAG_STATES = ['NOT_SET', 'SET', 'BROKEN', 'OBSOLETE'] as const;
export type VerificationFlagState = (typeof VERIFICATION_FLAG_STATES)[number];

/** What happened to the flagged field in a save. */
export type FlaggedFieldChange = 'valueChanged' | 'deleted';

/** The flag's state after a save changed its field; unchanged when there is nothing to break. */
export function verificationFlagAfterFieldChange(state: VerificationFlagState, change: FlaggedFieldChange): VerificationFlagState {
  if (change === 'deleted') return state === 'NOT_SET' ? 'NOT_SET' : 'OBSOLETE';
  return state === 'SET' ? 'BROKEN' : state;
}

/** A monitor sets (verified) or clears the flag; an obsolete flag's field is gone and cannot be verified. */
export function verificationFlagAfterToggle(state: VerificationFlagState, verified: boolean): VerificationFlagState | null {
  if (state === 'OBSOLETE') return null;
  return verified ? 'SET' : 'NOT_SET';
}

/** The value a flag verified, compared with the stored value to see whether a save changed it. */
export function verifiedValueKey(values: readonly { value?: string | null; unit?: string | null }[]): string {
  return JSON.stringify(values.map((v) => [v.value ?? null, v.unit ?? null]));
}
