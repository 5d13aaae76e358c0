/**
 * Fixed identifiers of visit, instrument and field definitions that the rules are hard-wired to
 * (ecrf-core.md §9; ecrf-calls.md §3, §9: baseline visit, vital status, consents 1.6d, 1.7.2, 2.2, 4.0,
 * 4.1, other consent, systemic therapy). The spec does not give the values; these are ours, and the demo
 * registry uses them (docs/rules.md).
 */

export const VISIT_IDENTIFIERS = {
  baseline: 'baseline',
  followUp: 'fu',
  /** DigiNet follow-up registry visit, due at baseline + 2 years. */
  digiNetFollowUp: 'fu_24m',
} as const;

export const INSTRUMENT_IDENTIFIERS = {
  consents: 'consents',
  vitalStatus: 'vital_status',
  systemicTherapy: 'systemic_therapy',
} as const;

/** List fields of the consents instrument, one per consent version. */
export const CONSENT_IDENTIFIERS = {
  v1_6d: 'consent_1_6d',
  v1_7_2: 'consent_1_7_2',
  v2_2: 'consent_2_2',
  v4_0: 'consent_4_0',
  v4_1: 'consent_4_1',
  other: 'consent_other',
} as const;

/** Fields inside a consent entry (ecrf-calls.md §3). */
export const CONSENT_FIELD_IDENTIFIERS = {
  policyProcessing: 'policy_processing',
  policyContact: 'policy_contact',
  policyRetrospectiveHealthInsurance: 'policy_retro_health_insurance',
  policyHealthInsurance: 'policy_health_insurance',
  withdrawalDate: 'withdrawal_date',
  changeReason: 'change_reason',
} as const;

/** Answer codes of yes/no fields. */
export const YES = 'yes';
export const NO = 'no';

/** Change reason that requires a withdrawal date (ecrf-calls.md §4). */
export const PATIENT_WITHDRAWAL = 'patientWithdrawal';

export const VITAL_STATUS_FIELD_IDENTIFIERS = {
  /** yes/no: the patient has died. */
  deceased: 'deceased',
  /** Vital state code; A and T end follow-up (ecrf-core.md §4). */
  vitalState: 'vital_state',
} as const;

/** Vital state values that make a new follow-up unavailable (ecrf-core.md §4). */
export const FOLLOW_UP_BLOCKING_VITAL_STATES: readonly string[] = ['A', 'T'];

/**
 * The date field (yyyy-MM-dd) that gives a visit's execution date, per visit definition identifier
 * (ecrf-calls.md §3); visits not listed fall back to their visit date.
 */
export const EXECUTION_DATE_FIELDS: Readonly<Record<string, string>> = {
  [VISIT_IDENTIFIERS.baseline]: 'baseline_date',
  [VISIT_IDENTIFIERS.followUp]: 'fu_date',
  [VISIT_IDENTIFIERS.digiNetFollowUp]: 'fu_date',
};

/** Tag on a field instance or patient whose data came from a FHIR import. */
export const FHIR_IMPORT_TAG = 'FhirImport';
