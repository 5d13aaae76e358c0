/**
 * Personas and a patient of the kitchen-sink study (STYLE.md: a few memorable personas reused by every
 * tier): a case manager at one location, a data manager, a physician at a DigiNet centre; and
 * Erika, a patient with a complete baseline from 2022.
 */
import type { EvaluationContext, InstituteData, PatientData, UserData } from '../constraints/context.js';
import { createEvaluationContext } from '../constraints/create-context.js';
import type { EvaluationContextOptions } from '../constraints/create-context.js';
import { indexStudyDefinition } from '../definition/definition-index.js';
import type { DataFieldInstance, StudyPatientContext } from '../definition/instances.js';
import { entriesOf, fieldOf } from './builders.js';
import { kitchenSinkDefinition } from './kitchen-sink.js';

export const kitchenSinkIndex = indexStudyDefinition(kitchenSinkDefinition);

export const institutes: { berlin: InstituteData; cologne: InstituteData } = {
  /** An ordinary registry location. */
  berlin: { id: 'inst-1001', identifier: '1001', displayName: 'Lungenklinik Berlin', isDigiNet: false },
  /** A DigiNet (follow-up registry) centre. */
  cologne: { id: 'inst-2001', identifier: '2001', displayName: 'Uniklinik Köln', isDigiNet: true },
};

export const personas: Record<'caseManager' | 'dataManager' | 'digiNetPhysician' | 'researcher', UserData> = {
  caseManager: { id: 'u-carla', userName: 'carla.case', roleIdentifier: 'CaseManager' },
  dataManager: { id: 'u-dana', userName: 'dana.data', roleIdentifier: 'DataManager' },
  digiNetPhysician: { id: 'u-paul', userName: 'paul.physician', roleIdentifier: 'Physician' },
  researcher: { id: 'u-rita', userName: 'rita.research', roleIdentifier: 'Researcher' },
};

export const erikaData: PatientData = {
  patientId: 'LUNG-0001',
  registrationDate: '2022-03-01',
  birthDate: '1950-07-XX',
  sex: 'W',
  isFhirImport: false,
};

const consent41 = (answer: string): DataFieldInstance =>
  fieldOf(
    'c41',
    null,
    entriesOf('c41_entry', [
      [
        fieldOf('c41_policy_processing', answer),
        fieldOf('c41_policy_contact', 'yes'),
        fieldOf('c41_policy_retro_health_insurance', 'yes'),
        fieldOf('c41_policy_health_insurance', 'yes'),
      ],
    ]),
  );

/** Erika: baseline 2022-03-15 complete, consent 4.1 fully given, two therapy lines, alive at fu. */
export function erikaContext(options: { consentAnswer?: string } = {}): StudyPatientContext {
  return {
    id: 'sp-erika',
    patientId: erikaData.patientId,
    fields: [
      fieldOf('sex', 'W'),
      fieldOf('birth_date', '1950-07-XX'),
      fieldOf('insurance_status', 'KV-Nummer bekannt (GKV)'),
      fieldOf('insurance_number', 'A123456780'),
    ],
    visits: [
      {
        id: 'v-erika-baseline',
        definitionId: 'vd-baseline',
        isNew: false,
        visitDate: '2022-03-16',
        fields: [fieldOf('baseline_date', '2022-03-15')],
        instruments: [
          { id: 'i-erika-consents', definitionId: 'id-consents', state: 'complete', fields: [consent41(options.consentAnswer ?? 'yes')] },
          {
            id: 'i-erika-diagnosis',
            definitionId: 'id-diagnosis',
            state: 'complete',
            fields: [fieldOf('diag_date', '2022-03-10'), fieldOf('icd10', 'C34.1'), fieldOf('morphology', '8140/3')],
          },
          {
            id: 'i-erika-therapy',
            definitionId: 'id-systemic-therapy',
            fields: [
              fieldOf(
                'therapy_lines',
                null,
                entriesOf('therapy_line', [
                  [fieldOf('line_no', '1'), fieldOf('start', '2022-04-01'), fieldOf('end', '2022-10-01'), fieldOf('end_reason', 'P')],
                  [fieldOf('line_no', '2'), fieldOf('start', '2022-10-15')],
                ]),
              ),
            ],
          },
        ],
      },
      {
        id: 'v-erika-fu1',
        definitionId: 'vd-fu',
        visitDate: '2023-03-20',
        fields: [fieldOf('fu_date', '2023-03-20')],
        instruments: [
          {
            id: 'i-erika-vital',
            definitionId: 'id-vital-status',
            fields: [fieldOf('status', 'alive'), fieldOf('deceased', 'no'), fieldOf('vital_state', 'L')],
          },
        ],
      },
    ],
    standaloneInstruments: [],
  };
}

export type KitchenSinkContextOptions = Partial<Omit<EvaluationContextOptions, 'index'>>;

/** An evaluation context over the kitchen-sink study: Erika, the case manager at Berlin, today 2025-06-01. */
export function kitchenSinkContext(options: KitchenSinkContextOptions = {}): EvaluationContext {
  return createEvaluationContext({
    index: kitchenSinkIndex,
    patientContext: options.patientContext ?? erikaContext(),
    patient: options.patient ?? erikaData,
    user: options.user ?? personas.caseManager,
    selectedInstitute: options.selectedInstitute === undefined ? institutes.berlin : options.selectedInstitute,
    today: options.today ?? '2025-06-01',
    ...(options.current ? { current: options.current } : {}),
    ...(options.assignments ? { assignments: options.assignments } : {}),
    ...(options.followUp ? { followUp: options.followUp } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
}
