/**
 * Consent rules (ecrf-calls.md §3, §4, §9). Consent 4 is fully given when all four policy rules
 * (processing, contact, retrospective health insurance, health insurance) of the 4.1 entry - or of the
 * 4.0 entry when there is no 4.1 entry - are answered yes and the consents instrument is complete.
 * A change reason patientWithdrawal needs a withdrawal date; any other reason clears it.
 */
import type { DefinitionIndex } from '../definition/definition-index.js';
import {
  CONSENT_FIELD_IDENTIFIERS,
  CONSENT_IDENTIFIERS,
  INSTRUMENT_IDENTIFIERS,
  PATIENT_WITHDRAWAL,
  YES,
} from '../definition/fixed-identifiers.js';
import { filledValues, isBlank, liveChildren } from '../definition/instances.js';
import type { DataFieldInstance, Instrument, InstrumentState, StudyPatientContext } from '../definition/instances.js';
import { validatorMessages } from '../validators/messages.js';

export type ConsentPolicies = {
  processing: string | null;
  contact: string | null;
  retrospectiveHealthInsurance: string | null;
  healthInsurance: string | null;
};

/** The latest entry of consent 4.1 and of 4.0, as read from the consents instrument. */
export type Consent4Entries = { v4_1: ConsentPolicies | null; v4_0: ConsentPolicies | null };

/** Number of yes answers consent 4 needs (ecrf-calls.md §9). */
export const CONSENT_4_POLICY_COUNT = 4;

export function consent4FullyGiven(entries: Consent4Entries, instrumentState: InstrumentState | null | undefined): boolean {
  const entry = entries.v4_1 ?? entries.v4_0;
  if (entry === null || instrumentState !== 'complete') return false;
  const answers = [entry.processing, entry.contact, entry.retrospectiveHealthInsurance, entry.healthInsurance];
  return answers.length === CONSENT_4_POLICY_COUNT && answers.every((answer) => answer === YES);
}

function findDescendant(fields: readonly DataFieldInstance[], identifier: string, index: DefinitionIndex): DataFieldInstance | undefined {
  for (const field of fields) {
    if (field.isDeleted === true) continue;
    if (index.fieldById.get(field.definitionId)?.identifier === identifier) return field;
    const found = findDescendant(field.childFields, identifier, index);
    if (found) return found;
  }
  return undefined;
}

/** The entry of a consent version (its List entry with the highest order; the field itself when it is not a list). */
export function latestConsentEntry(instrument: Instrument, versionIdentifier: string, index: DefinitionIndex): DataFieldInstance | null {
  const field = findDescendant(instrument.fields, versionIdentifier, index);
  if (field === undefined) return null;
  const type = index.fieldById.get(field.definitionId)?.definitionType;
  const entries = type === 'List' || type === 'EventReportList' ? liveChildren(field) : [field];
  return entries.reduce<DataFieldInstance | null>((latest, e) => (latest === null || e.order > latest.order ? e : latest), null);
}

/** The first value of a field inside a consent entry. */
export function consentEntryAnswer(entry: DataFieldInstance, identifier: string, index: DefinitionIndex): string | null {
  const field = findDescendant(entry.childFields, identifier, index);
  return field ? (filledValues(field)[0] ?? null) : null;
}

function policiesOf(entry: DataFieldInstance | null, index: DefinitionIndex): ConsentPolicies | null {
  if (entry === null) return null;
  return {
    processing: consentEntryAnswer(entry, CONSENT_FIELD_IDENTIFIERS.policyProcessing, index),
    contact: consentEntryAnswer(entry, CONSENT_FIELD_IDENTIFIERS.policyContact, index),
    retrospectiveHealthInsurance: consentEntryAnswer(entry, CONSENT_FIELD_IDENTIFIERS.policyRetrospectiveHealthInsurance, index),
    healthInsurance: consentEntryAnswer(entry, CONSENT_FIELD_IDENTIFIERS.policyHealthInsurance, index),
  };
}

/** Reads the latest 4.1 and 4.0 entries of a consents instrument. */
export function readConsent4Entries(instrument: Instrument, index: DefinitionIndex): Consent4Entries {
  return {
    v4_1: policiesOf(latestConsentEntry(instrument, CONSENT_IDENTIFIERS.v4_1, index), index),
    v4_0: policiesOf(latestConsentEntry(instrument, CONSENT_IDENTIFIERS.v4_0, index), index),
  };
}

/** The patient's consents instrument (standalone or in a visit), if any. */
export function findConsentsInstrument(patient: StudyPatientContext, index: DefinitionIndex): Instrument | undefined {
  const candidates = [
    ...patient.standaloneInstruments,
    ...patient.visits.filter((v) => v.isDeleted !== true).flatMap((v) => v.instruments),
  ];
  return candidates.find(
    (instrument) =>
      instrument.isDeleted !== true && index.instrumentById.get(instrument.definitionId)?.identifier === INSTRUMENT_IDENTIFIERS.consents,
  );
}

/** Consent 4 fully given for a patient, using the consents instrument's stored state. */
export function patientConsent4FullyGiven(patient: StudyPatientContext, index: DefinitionIndex): boolean {
  const instrument = findConsentsInstrument(patient, index);
  return instrument !== undefined && consent4FullyGiven(readConsent4Entries(instrument, index), instrument.state);
}

export type ConsentChange = { changeReason: string | null; withdrawalDate: string | null };
export type ConsentChangeResult = { withdrawalDate: string | null; error: string | null };

/** Applies a change reason to the withdrawal date (ecrf-calls.md §4). */
export function applyConsentChangeReason(change: ConsentChange): ConsentChangeResult {
  if (change.changeReason !== PATIENT_WITHDRAWAL) return { withdrawalDate: null, error: null };
  if (isBlank(change.withdrawalDate)) return { withdrawalDate: null, error: validatorMessages.required };
  return { withdrawalDate: change.withdrawalDate, error: null };
}
