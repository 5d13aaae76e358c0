/**
 * Constraint definitions of the kitchen-sink study: every constraint definition type and every operator
 * of ecrf-core.md §5 at least once, with realistic lung-registry values (reference/lung-registry.md).
 */
import type { ConstraintDefinition } from '../definition/constraints.js';
import { INSURANCE_STATUS_KNOWN_GKV } from '../insurance/insurance-number.js';
import { PATIENT_WITHDRAWAL } from '../definition/fixed-identifiers.js';
import { constraintOf } from './builders.js';

/** Constraint ids, named by meaning so tests read as the rule they exercise. */
export const C = {
  insuranceStatusGiven: 'c-insurance-status-given',
  insuranceKnownGkv: 'c-insurance-known-gkv',
  beforeHardlock: 'c-before-hardlock',
  baselineExists: 'c-baseline-exists',
  baselineDateAfter2020: 'c-baseline-visit-date-after-2020',
  followUpVisible: 'c-follow-up-visible',
  patientWithdrawal: 'c-patient-withdrawal',
  icdNotLung: 'c-icd-not-lung',
  stageM1c: 'c-stage-m1c',
  stageM1ab: 'c-stage-m1ab',
  pdl1High: 'c-pdl1-high',
  therapyEndSet: 'c-therapy-end-set',
  threeLines: 'c-three-lines',
  pneumonitisReported: 'c-pneumonitis-reported',
  physicianOrDataManager: 'c-physician-or-data-manager',
  startInFuture: 'c-start-in-future',
  deceasedYes: 'c-deceased-yes',
  statusNotAlive: 'c-status-not-alive',
  instituteDigiNet: 'c-institute-diginet',
  assignedDigiNetVisit: 'c-assigned-diginet-visit',
  assignedNngmCase: 'c-assigned-nngm-case',
  consent4: 'c-consent-4',
  consent4DigiNet: 'c-consent-4-diginet',
  fhirImport: 'c-fhir-import',
  bornBefore2007: 'c-born-before-2007',
  bornAfter1930: 'c-born-after-1930',
  born1950: 'c-born-1950',
  female: 'c-female',
  institute1001: 'c-institute-1001',
  diagnosisCoded: 'c-diagnosis-coded',
  morphologyMalignant: 'c-morphology-malignant',
  noVitalStatus: 'c-no-vital-status',
  endBeforeStart: 'c-end-before-start',
  startBeforeVisit: 'c-start-before-visit',
  baselineBeforeRegistration: 'c-baseline-before-registration',
  followUpBeforeBaseline: 'c-follow-up-before-baseline',
  visitDateInFuture: 'c-visit-date-in-future',
  unknownOperator: 'c-unknown-operator',
  unknownType: 'c-unknown-type',
} as const;

export const kitchenSinkConstraints: ConstraintDefinition[] = [
  constraintOf(C.insuranceStatusGiven, 'PatientDataValue', 'notEmpty', { fieldPath: 'insurance_status' }),
  constraintOf(C.insuranceKnownGkv, 'PatientDataValue', 'equals', { fieldPath: 'insurance_status', value: INSURANCE_STATUS_KNOWN_GKV }),
  constraintOf(C.beforeHardlock, 'DigiNetHardlockConstantDateValue', 'lessThan', { value: '2030-01-01' }),
  constraintOf(C.baselineExists, 'VisitDataValue', 'minCount', { visit: 'baseline', value: '1' }),
  constraintOf(C.baselineDateAfter2020, 'VisitDataValue', 'greaterThan', { visit: 'baseline', property: 'visitDate', value: '2020-01-01' }),
  constraintOf(C.followUpVisible, 'NngmDigiNetFollowUpDataValue', 'isDigiNetFollowUpVisible'),
  constraintOf(C.patientWithdrawal, 'SimpleFieldValue', 'equals', { fieldPath: 'change_reason', value: PATIENT_WITHDRAWAL }),
  constraintOf(C.icdNotLung, 'SimpleFieldValue', 'notInsideList', {
    fieldPath: 'icd10',
    value: '"C34.0","C34.1","C34.2","C34.3","C34.8","C34.9"',
  }),
  constraintOf(C.stageM1c, 'SimpleFieldValue', 'insideList', { fieldPath: 'stage.m', value: '"1c"' }),
  constraintOf(C.stageM1ab, 'SimpleFieldValue', 'insideList', { fieldPath: 'stage.m', value: '"1a","1b"' }),
  constraintOf(C.pdl1High, 'SimpleFieldValue', 'greaterThan', { fieldPath: 'pdl1_tps', value: '49' }),
  constraintOf(C.therapyEndSet, 'SimpleFieldValue', 'notEmpty', { fieldPath: 'end' }),
  constraintOf(C.threeLines, 'SimpleFieldValue', 'minCount', { fieldPath: 'therapy_lines', value: '3' }),
  constraintOf(C.pneumonitisReported, 'SimpleFieldValue', 'hasAnyListEntryWithType', {
    fieldPath: 'adverse_events',
    value: '"ae_pneumonitis"',
  }),
  constraintOf(C.physicianOrDataManager, 'UserDataValue', 'roleIdentifierMatches', { value: '"Physician","DataManager"' }),
  constraintOf(C.startInFuture, 'SimpleDateValue', 'greaterThan', { fieldPath: 'start', value: 'today' }),
  constraintOf(C.deceasedYes, 'SimpleFieldValue', 'equals', { fieldPath: 'deceased', value: 'yes' }),
  constraintOf(C.statusNotAlive, 'SimpleFieldValue', 'notEquals', { fieldPath: 'status', value: 'alive' }),
  constraintOf(C.instituteDigiNet, 'NngmSelectedInstituteAssigmentDataValue', 'isSelectedInstituteDigiNet'),
  constraintOf(C.assignedDigiNetVisit, 'NngmSelectedInstituteAssigmentDataValue', 'selectedInstituteAssignedToAnyDigiNetVisit'),
  constraintOf(C.assignedNngmCase, 'NngmSelectedInstituteAssigmentDataValue', 'selectedInstituteAssignedToNngmCase'),
  constraintOf(C.consent4, 'PatientDataValue', 'hasConsent4'),
  constraintOf(C.consent4DigiNet, 'NngmDigiNetFollowUpDataValue', 'hasConsent4DigiNetField'),
  constraintOf(C.fhirImport, 'PatientDataValue', 'isFhirImport'),
  constraintOf(C.bornBefore2007, 'PatientDataValue', 'birthYearBefore', { value: '2007' }),
  constraintOf(C.bornAfter1930, 'PatientDataValue', 'birthYearAfter', { value: '1930' }),
  constraintOf(C.born1950, 'PatientDataValue', 'birthYearEquals', { value: '1950' }),
  constraintOf(C.female, 'PatientDataValue', 'sexEquals', { value: '"W"' }),
  constraintOf(C.institute1001, 'InstituteDataValue', 'equals', { property: 'identifier', value: '1001' }),
  constraintOf(C.diagnosisCoded, 'InstrumentDataValue', 'notEmpty', { instrument: 'diagnosis', visit: 'baseline', fieldPath: 'icd10' }),
  constraintOf(C.morphologyMalignant, 'SimpleFieldValue', 'contains', { fieldPath: 'morphology', value: '/3' }),
  constraintOf(C.noVitalStatus, 'InstrumentDataValue', 'empty', { instrument: 'vital_status' }),
  // Plausibility: dates in the wrong order.
  constraintOf(C.endBeforeStart, 'SimpleDateValue', 'beforeField', { fieldPath: 'end', value: 'start' }),
  constraintOf(C.startBeforeVisit, 'SimpleDateValue', 'beforeVisitDate', { fieldPath: 'start' }),
  constraintOf(C.baselineBeforeRegistration, 'SimpleDateValue', 'beforeRegistrationDate', { fieldPath: 'baseline_date' }),
  constraintOf(C.followUpBeforeBaseline, 'SimpleDateValue', 'beforeBaselineDate', { fieldPath: 'fu_date' }),
  // No visit definition: the visit being documented, here its date column.
  constraintOf(C.visitDateInFuture, 'VisitDataValue', 'greaterThan', { property: 'visitDate', value: 'today' }),
  // Deliberately broken definitions: reported to the logger, false.
  constraintOf(C.unknownOperator, 'SimpleFieldValue', 'isPrime', { fieldPath: 'pdl1_tps' }),
  constraintOf(C.unknownType, 'RadiologyDataValue', 'notEmpty', { fieldPath: 'pdl1_tps' }),
];
