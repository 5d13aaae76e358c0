/**
 * The kitchen-sink study definition (STYLE.md, rules/): a small lung-cancer registry
 * (reference/lung-registry.md) that uses every field type, every rule kind and every constraint
 * definition type at least once, with the fixed identifiers of fixed-identifiers.ts. Shared by the
 * tests of every tier through `@ecrf/rules/test-utils`.
 */
import type { DataFieldDefinition } from '../definition/fields.js';
import type { InstrumentDefinition, StudyDefinition, VisitDefinition } from '../definition/study.js';
import { andOf, evalOf, fieldDef as f, notOf, orOf, ruleOf as r } from './builders.js';
import { C, kitchenSinkConstraints } from './kitchen-sink-constraints.js';
import { INSURANCE_STATUS_KNOWN_GKV } from '../insurance/insurance-number.js';

const always = null;

export const patientFields: DataFieldDefinition[] = [
  f('sex', 'TableEntry', 10, { settings: { valueType: 'enum', enumValueSetIdentifier: 'sex' }, rules: [r('RequiredField', always)] }),
  f('birth_date', 'TableEntry', 20, { settings: { valueType: 'date' }, rules: [r('RequiredField', always)] }),
  f('insurance_status', 'TableEntry', 30, { settings: { valueType: 'enum', enumValueSetIdentifier: 'insurance_status' } }),
  f('insurance_number', 'TableEntry', 40, {
    rules: [r('Visibility', C.insuranceStatusGiven), r('RequiredField', C.insuranceKnownGkv)],
  }),
  f('fhir_source', 'DisplayValue', 50, { rules: [r('Visibility', C.fhirImport)] }),
  f('family_physician', 'NngmNetworkPartner', 60, { settings: { therapistRequired: true, locationRequired: true } }),
];

/** A consent version list: entries with the four policy rules, change reason and withdrawal date. */
function consentList(identifier: string, key: string, order: number): DataFieldDefinition[] {
  const entry = `${key}_entry`;
  const policy = (identifier: string, o: number) =>
    f(identifier, 'TableEntry', o, {
      key: `${key}_${identifier}`,
      parent: entry,
      settings: { valueType: 'enum', enumValueSetIdentifier: 'yes_no' },
      rules: [r('RequiredField', always)],
    });
  return [
    f(identifier, 'List', order, { key }),
    f('consent_entry', 'ListEntry', 10, { key: entry, parent: key }),
    policy('policy_processing', 10),
    policy('policy_contact', 20),
    policy('policy_retro_health_insurance', 30),
    policy('policy_health_insurance', 40),
    f('change_reason', 'TableEntry', 50, { key: `${key}_change_reason`, parent: entry }),
    f('withdrawal_date', 'TableEntry', 60, {
      key: `${key}_withdrawal_date`,
      parent: entry,
      settings: { valueType: 'date' },
      rules: [r('Visibility', C.patientWithdrawal), r('RequiredField', C.patientWithdrawal)],
    }),
  ];
}

export const consentsInstrument: InstrumentDefinition = {
  id: 'id-consents',
  identifier: 'consents',
  displayKey: 'instrument.consents',
  order: 10,
  fields: [
    ...consentList('consent_4_1', 'c41', 10),
    ...consentList('consent_4_0', 'c40', 20),
    f('consent_2_2', 'List', 30, { key: 'c22' }),
    f('consent_entry', 'ListEntry', 10, { key: 'c22_entry', parent: 'c22' }),
    f('consent_date', 'TableEntry', 10, { key: 'c22_consent_date', parent: 'c22_entry', settings: { valueType: 'date' } }),
    f('consent_other', 'FieldGroup', 40),
    f('other_consent_text', 'TableEntry', 10, { parent: 'consent_other' }),
  ],
};

export const diagnosisInstrument: InstrumentDefinition = {
  id: 'id-diagnosis',
  identifier: 'diagnosis',
  displayKey: 'instrument.diagnosis',
  order: 20,
  fields: [
    f('diag_date', 'TableEntry', 10, { settings: { valueType: 'date' }, rules: [r('RequiredField', always)] }),
    f('icd10', 'TableEntry', 20, {
      settings: { valueType: 'enum', enumValueSetIdentifier: 'icd10' },
      rules: [r('RequiredField', always), r('Hint', C.icdNotLung, { displayKey: 'hint.icd10.notLung' })],
    }),
    f('morphology', 'TableEntry', 30, {
      rules: [r('Hint', andOf(evalOf(C.morphologyMalignant)), { displayKey: 'hint.morphology.malignant' })],
    }),
    f('stage', 'Table', 40),
    f('t', 'TableEntry', 10, { parent: 'stage' }),
    f('n', 'TableEntry', 20, { parent: 'stage' }),
    f('m', 'TableEntry', 30, { parent: 'stage' }),
    f('uicc', 'DisplayValue', 50, {
      rules: [r('Population', C.stageM1c, { value: 'IVB' }), r('Population', C.stageM1ab, { value: 'IVA' })],
    }),
    // A percentage: 0–100 without bounds of its own.
    f('pdl1_tps', 'TableEntry', 60, {
      settings: { valueType: 'number', unit: '%' },
      rules: [r('Redirect', C.pdl1High, { displayKey: 'redirect.molecular.immunotherapy' })],
    }),
    f('pack_years', 'TableEntry', 70, { settings: { valueType: 'number', unit: 'py', minimum: 0, maximum: 300 } }),
    f('met_sites', 'TableEntry', 80, { settings: { valueType: 'multiEnum', enumValueSetIdentifier: 'met_sites' } }),
    f('biopsy_done', 'TableEntry', 90, { settings: { valueType: 'boolean' } }),
  ],
};

export const systemicTherapyInstrument: InstrumentDefinition = {
  id: 'id-systemic-therapy',
  identifier: 'systemic_therapy',
  displayKey: 'instrument.systemicTherapy',
  order: 30,
  fields: [
    f('therapy_lines', 'List', 10, { rules: [r('Hint', C.threeLines, { displayKey: 'hint.therapy.manyLines' })] }),
    f('therapy_line', 'ListEntry', 10, { parent: 'therapy_lines' }),
    f('line_no', 'TableEntry', 10, {
      parent: 'therapy_line',
      settings: { valueType: 'number', integer: true, minimum: 1 },
      rules: [r('RequiredField', always)],
    }),
    f('start', 'TableEntry', 20, {
      parent: 'therapy_line',
      settings: { valueType: 'date' },
      rules: [
        r('Hint', C.startInFuture, { displayKey: 'hint.start.inFuture' }),
        r('Hint', C.startBeforeVisit, { displayKey: 'hint.start.beforeVisit' }),
      ],
    }),
    f('end', 'TableEntry', 30, {
      parent: 'therapy_line',
      settings: { valueType: 'date' },
      rules: [r('Hint', C.endBeforeStart, { displayKey: 'hint.end.beforeStart' })],
    }),
    f('end_reason', 'TableEntry', 40, {
      parent: 'therapy_line',
      rules: [r('Visibility', C.therapyEndSet), r('RequiredField', C.therapyEndSet)],
    }),
    f('adverse_events', 'EventReportList', 20),
    f('ae_pneumonitis', 'EventReportListEntry', 10, { parent: 'adverse_events' }),
    f('pneumonitis_grade', 'TableEntry', 10, { parent: 'ae_pneumonitis' }),
    f('ae_other', 'EventReportListEntry', 20, { parent: 'adverse_events' }),
    f('ae_term', 'TableEntry', 10, { parent: 'ae_other' }),
    f('pneumonitis_follow_up', 'TableEntry', 30, { rules: [r('Visibility', C.pneumonitisReported)] }),
    f('therapy_summary', 'FieldGroup', 40),
    f('therapy_comment', 'TableEntry', 10, {
      parent: 'therapy_summary',
      rules: [r('Editability', C.physicianOrDataManager, { displayKey: 'field.locked.role' })],
    }),
    f('regimen_code', 'TableEntry', 50, { isReadonly: true }),
    f('legacy_regimen', 'TableEntry', 60, { isDeleted: true, rules: [r('RequiredField', always)] }),
    f('old_hint', 'TableEntry', 70, { rules: [r('RequiredField', always, { isDeleted: true })] }),
  ],
};

export const vitalStatusInstrument: InstrumentDefinition = {
  id: 'id-vital-status',
  identifier: 'vital_status',
  displayKey: 'instrument.vitalStatus',
  order: 10,
  fields: [
    f('status', 'TableEntry', 10, { settings: { valueType: 'enum', enumValueSetIdentifier: 'vital_status' } }),
    f('deceased', 'TableEntry', 20, { settings: { valueType: 'enum', enumValueSetIdentifier: 'yes_no' } }),
    f('vital_state', 'TableEntry', 30, { settings: { valueType: 'enum', enumValueSetIdentifier: 'vital_state' } }),
    f('death_date', 'TableEntry', 40, {
      settings: { valueType: 'date' },
      rules: [r('Visibility', C.deceasedYes), r('RequiredField', C.deceasedYes)],
    }),
    f('last_contact_date', 'TableEntry', 50, {
      settings: { valueType: 'date' },
      rules: [r('Hint', C.statusNotAlive, { displayKey: 'hint.vitalStatus.checkDeath' })],
    }),
  ],
};

export const digiNetCareInstrument: InstrumentDefinition = {
  id: 'id-diginet-care',
  identifier: 'diginet_care',
  displayKey: 'instrument.digiNetCare',
  order: 20,
  fields: [
    f('treating_location', 'NngmNetworkLocation', 10, {
      settings: { locationRequired: true },
      rules: [r('Visibility', orOf(evalOf(C.instituteDigiNet), evalOf(C.assignedDigiNetVisit)))],
    }),
    f('care_partner', 'NngmNetworkPartner', 20, { settings: { therapistRequired: true }, rules: [r('Visibility', C.consent4)] }),
    f('consent_missing_note', 'DisplayValue', 30, { rules: [r('Visibility', notOf(evalOf(C.consent4DigiNet)))] }),
    f('nngm_case_note', 'TableEntry', 40, { rules: [r('Visibility', C.assignedNngmCase)] }),
  ],
};

export const registryNotesInstrument: InstrumentDefinition = {
  id: 'id-registry-notes',
  identifier: 'registry_notes',
  displayKey: 'instrument.registryNotes',
  order: 100,
  fields: [
    f('adult_note', 'TableEntry', 10, { rules: [r('Visibility', C.bornBefore2007)] }),
    f('cohort_note', 'TableEntry', 20, {
      rules: [r('Hint', andOf(evalOf(C.bornAfter1930), notOf(evalOf(C.born1950))), { displayKey: 'hint.cohort' })],
    }),
    f('pregnancy_note', 'TableEntry', 30, { rules: [r('Visibility', C.female)] }),
    f('institute_note', 'TableEntry', 40, { rules: [r('Visibility', C.institute1001)] }),
    f('diagnosis_note', 'TableEntry', 50, { rules: [r('Visibility', C.diagnosisCoded)] }),
    f('baseline_note', 'TableEntry', 60, { rules: [r('Visibility', C.baselineDateAfter2020)] }),
    f('vital_note', 'TableEntry', 70, { rules: [r('Hint', C.noVitalStatus, { displayKey: 'hint.noVitalStatus' })] }),
    f('broken_operator_note', 'TableEntry', 80, { rules: [r('Visibility', C.unknownOperator)] }),
    f('broken_type_note', 'TableEntry', 90, { rules: [r('Visibility', C.unknownType)] }),
  ],
};

export const baselineVisit: VisitDefinition = {
  id: 'vd-baseline',
  identifier: 'baseline',
  displayKey: 'visit.baseline',
  order: 10,
  definition: { type: 'GenericVisit', max: 1 },
  rules: [r('Editability', C.beforeHardlock, { displayKey: 'visit.locked.hardlock' })],
  fields: [
    f('baseline_date', 'TableEntry', 10, {
      settings: { valueType: 'date' },
      rules: [r('RequiredField', always), r('Hint', C.baselineBeforeRegistration, { displayKey: 'hint.visitDate.beforeRegistration' })],
    }),
  ],
  instruments: [consentsInstrument, diagnosisInstrument, systemicTherapyInstrument],
};

export const followUpVisit: VisitDefinition = {
  id: 'vd-fu',
  identifier: 'fu',
  displayKey: 'visit.followUp',
  order: 20,
  definition: { type: 'IntermediateVisit', max: null },
  rules: [r('Visibility', C.baselineExists), r('Hint', C.visitDateInFuture, { displayKey: 'hint.visitDate.inFuture' })],
  fields: [
    f('fu_date', 'TableEntry', 10, {
      settings: { valueType: 'date' },
      rules: [r('Hint', C.followUpBeforeBaseline, { displayKey: 'hint.visitDate.beforeBaseline' })],
    }),
  ],
  instruments: [vitalStatusInstrument],
};

export const digiNetFollowUpVisit: VisitDefinition = {
  id: 'vd-fu24',
  identifier: 'fu_24m',
  displayKey: 'visit.digiNetFollowUp',
  order: 30,
  definition: { type: 'GenericVisit', max: 1, isFollowUpRegistry: true },
  rules: [
    r('Visibility', C.followUpVisible),
    r('Editability', C.physicianOrDataManager, { displayKey: 'visit.locked.role' }),
    r('Editability', C.beforeHardlock, { displayKey: 'visit.locked.hardlock' }),
  ],
  fields: [f('fu_date', 'TableEntry', 10, { key: 'fu24_date', settings: { valueType: 'date' } })],
  instruments: [digiNetCareInstrument],
};

export const kitchenSinkDefinition: StudyDefinition = {
  id: 'study-lung',
  identifier: 'lung_registry',
  patient: { id: 'pd-lung', identifier: 'patient', fields: patientFields },
  visits: [baselineVisit, followUpVisit, digiNetFollowUpVisit],
  instruments: [],
  standaloneInstruments: [registryNotesInstrument],
  enumValueSets: [
    {
      id: 'evs-sex',
      identifier: 'sex',
      // Deliberately out of order: consumers sort by order (sortedEnumValues).
      values: [
        { code: 'W', displayKey: 'sex.female', order: 20 },
        { code: 'M', displayKey: 'sex.male', order: 10 },
        { code: 'U', displayKey: 'sex.unknown', order: 50 },
        { code: 'D', displayKey: 'sex.diverse', order: 30 },
        { code: 'X', displayKey: 'sex.unspecified', order: 40 },
      ],
    },
    {
      id: 'evs-yes-no',
      identifier: 'yes_no',
      values: [
        { code: 'yes', displayKey: 'yes', order: 10 },
        { code: 'no', displayKey: 'no', order: 20 },
      ],
    },
    {
      id: 'evs-icd10',
      identifier: 'icd10',
      values: [
        ...['C34.0', 'C34.1', 'C34.2', 'C34.3', 'C34.8', 'C34.9'].map((code, i) => ({
          code,
          displayKey: `icd10.${code}`,
          order: (i + 1) * 10,
        })),
        { code: 'C50.9', displayKey: 'icd10.C50.9', order: 70 },
      ],
    },
    {
      id: 'evs-insurance-status',
      identifier: 'insurance_status',
      values: [
        { code: INSURANCE_STATUS_KNOWN_GKV, displayKey: 'insuranceStatus.gkv', order: 10 },
        { code: 'privat', displayKey: 'insuranceStatus.private', order: 20 },
      ],
    },
    {
      id: 'evs-vital-status',
      identifier: 'vital_status',
      values: [
        { code: 'alive', displayKey: 'vitalStatus.alive', order: 10 },
        { code: 'deceased', displayKey: 'vitalStatus.deceased', order: 20 },
      ],
    },
    {
      id: 'evs-met-sites',
      identifier: 'met_sites',
      values: [
        { code: 'brain', displayKey: 'metSites.brain', order: 10 },
        { code: 'bone', displayKey: 'metSites.bone', order: 20 },
        { code: 'liver', displayKey: 'metSites.liver', order: 30 },
      ],
    },
    {
      id: 'evs-vital-state',
      identifier: 'vital_state',
      values: [
        { code: 'L', displayKey: 'vitalState.alive', order: 10 },
        { code: 'T', displayKey: 'vitalState.dead', order: 20 },
        { code: 'A', displayKey: 'vitalState.emigrated', order: 30 },
      ],
    },
  ],
  constraints: kitchenSinkConstraints,
  queryTypes: [
    {
      id: 'qt-plausibility',
      identifier: 'plausibility',
      canView: ['CaseManager', 'DataManager', 'Physician'],
      canCreate: ['DataManager'],
      canEdit: ['DataManager'],
      canAccept: ['DataManager'],
      canAnswer: ['CaseManager', 'Physician'],
      canRevoke: ['DataManager'],
      canSolve: ['DataManager'],
      canDefer: ['DataManager'],
    },
  ],
  verificationFlagTypes: [{ id: 'vft-sdv', identifier: 'sdv', displayKey: 'verification.sourceDataVerified' }],
};
