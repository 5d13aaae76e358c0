/**
 * A patient's consent state as the consent exports report it (ecrf-calls.md §3 consents instrument, §4
 * "Consent fully given", §9): the newest consent version documented, its date, the four policy answers and
 * "fully given" of consent 4 (consents.ts), and whether consent was withdrawn.
 */
import {
  consent4FullyGiven,
  consentEntryAnswer,
  latestConsentEntry,
  readConsent4Entries,
  type ConsentPolicies,
} from '../consents/consents.js';
import type { DefinitionIndex } from '../definition/definition-index.js';
import { CONSENT_FIELD_IDENTIFIERS, CONSENT_IDENTIFIERS } from '../definition/fixed-identifiers.js';
import { filledValues, type DataFieldInstance, type Instrument, type InstrumentState } from '../definition/instances.js';
import { CONSENT_DATE_FIELD } from './export-identifiers.js';

/** Consent versions, newest first, with the version text the exports show. */
export const CONSENT_VERSIONS: readonly { identifier: string; version: string }[] = [
  { identifier: CONSENT_IDENTIFIERS.v4_1, version: '4.1' },
  { identifier: CONSENT_IDENTIFIERS.v4_0, version: '4.0' },
  { identifier: CONSENT_IDENTIFIERS.v2_2, version: '2.2' },
  { identifier: CONSENT_IDENTIFIERS.v1_7_2, version: '1.7.2' },
  { identifier: CONSENT_IDENTIFIERS.v1_6d, version: '1.6d' },
];

export type ConsentSummary = {
  /** The newest version with an entry; null when none is documented. */
  version: string | null;
  consentDate: string | null;
  changeReason: string | null;
  /** The policies of consent 4 (the 4.1 entry, else the 4.0 entry). */
  policies: ConsentPolicies | null;
  fullyGiven: boolean;
  /** The earliest withdrawal date on or before today of any entry. */
  withdrawalDate: string | null;
  withdrawn: boolean;
  instrumentState: InstrumentState | null;
};

function withdrawalDates(fields: readonly DataFieldInstance[], index: DefinitionIndex): string[] {
  return fields
    .filter((field) => field.isDeleted !== true)
    .flatMap((field) => [
      ...(index.fieldById.get(field.definitionId)?.identifier === CONSENT_FIELD_IDENTIFIERS.withdrawalDate ? filledValues(field) : []),
      ...withdrawalDates(field.childFields, index),
    ]);
}

/**
 * The summary of a consents instrument (none: nothing documented). A withdrawal date on or before today in any
 * entry counts as a withdrawal (the conservative reading for publication: a withdrawal is never overridden).
 */
export function consentSummary(instrument: Instrument | undefined, index: DefinitionIndex, today: string): ConsentSummary {
  const latest = instrument
    ? CONSENT_VERSIONS.map((v) => ({ ...v, entry: latestConsentEntry(instrument, v.identifier, index) })).find((v) => v.entry !== null)
    : undefined;
  const withdrawals = instrument
    ? withdrawalDates(instrument.fields, index)
        .filter((date) => date <= today)
        .sort()
    : [];
  const consent4 = instrument ? readConsent4Entries(instrument, index) : { v4_1: null, v4_0: null };
  return {
    version: latest?.version ?? null,
    consentDate: latest?.entry ? consentEntryAnswer(latest.entry, CONSENT_DATE_FIELD, index) : null,
    changeReason: latest?.entry ? consentEntryAnswer(latest.entry, CONSENT_FIELD_IDENTIFIERS.changeReason, index) : null,
    policies: consent4.v4_1 ?? consent4.v4_0,
    fullyGiven: instrument !== undefined && consent4FullyGiven(consent4, instrument.state),
    withdrawalDate: withdrawals[0] ?? null,
    withdrawn: withdrawals.length > 0,
    instrumentState: instrument?.state ?? null,
  };
}

/** Data may be published and used for research when consent 4 is fully given and not withdrawn. */
export function consentAllowsPublication(summary: ConsentSummary): boolean {
  return summary.fullyGiven && !summary.withdrawn;
}
