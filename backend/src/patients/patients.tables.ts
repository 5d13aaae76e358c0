/** Kysely types of the patient documentation tables (backend/migrations/0020_patients_visits_instruments.sql). */
import type { ColumnType, Generated } from 'kysely';
import type { DataFieldInstance, InstrumentState } from '@ecrf/rules';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** yyyy-MM-dd text, defaulted to today. */
type DateText = ColumnType<string, string | undefined, string>;
/** jsonb, written as JSON text (as in db/schema.ts). */
type Json<T> = ColumnType<T, string | undefined, string>;

export type SignatureData = { userId: string; userName: string; signedAt: string; meaning: string };
export type CaseProcessState = 'complete' | 'incomplete' | 'stop';

export type PatientTable = {
  id: Generated<string>;
  pseudonym: string;
  registration_date: DateText;
  is_ml_patient: Generated<boolean>;
  linked_user_id: string | null;
  is_deleted: Generated<boolean>;
  created_at: DefaultTimestamp;
};

export type StudyPatientTable = {
  id: Generated<string>;
  patient_id: string;
  study_id: string;
  study_institute_id: string;
  study_definition_id: string;
  definition_version: number;
  fields: Json<DataFieldInstance[]>;
  portal_registered_at: NullableTimestamp;
  is_deleted: Generated<boolean>;
  version: Generated<number>;
  created_at: DefaultTimestamp;
  changed_at: DefaultTimestamp;
};

export type StudyPatientDataLogTable = {
  id: Generated<string>;
  study_patient_id: string;
  changed_at: DefaultTimestamp;
  user_id: string | null;
  user_name: string;
  variant: 'Standard' | 'ML';
  field_names: Json<string[]>;
};

type Documented = {
  created_at: DefaultTimestamp;
  created_by: string;
  changed_at: DefaultTimestamp;
  changed_by: string;
};

export type VisitTable = Documented & {
  id: Generated<string>;
  study_patient_id: string;
  definition_id: string;
  sort_order: number;
  fields: Json<DataFieldInstance[]>;
  tags: Json<string[]>;
  visit_date: string | null;
  assigned_institute_id: string | null;
  state: ColumnType<InstrumentState, InstrumentState | undefined, InstrumentState>;
  is_signed: Generated<boolean>;
  signature_data: ColumnType<SignatureData | null, string | null | undefined, string | null>;
  locked: Generated<boolean>;
  is_deleted: Generated<boolean>;
  version: Generated<number>;
};

export type InstrumentTable = Documented & {
  id: Generated<string>;
  study_patient_id: string;
  visit_id: string | null;
  definition_id: string;
  sort_order: number;
  fields: Json<DataFieldInstance[]>;
  tags: Json<string[]>;
  state: ColumnType<InstrumentState, InstrumentState | undefined, InstrumentState>;
  locked: Generated<boolean>;
  is_deleted: Generated<boolean>;
  version: Generated<number>;
};

export type CaseProcessStepTable = {
  id: Generated<string>;
  study_patient_id: string;
  visit_id: string;
  definition_identifier: string;
  state: CaseProcessState;
  step_order: number;
  main_state_identifier: string | null;
  sub_states: Json<string[]>;
  created_at: DefaultTimestamp;
  changed_at: DefaultTimestamp;
};

export type PatientTables = {
  patient: PatientTable;
  study_patient: StudyPatientTable;
  study_patient_data_log: StudyPatientDataLogTable;
  visit: VisitTable;
  instrument: InstrumentTable;
  case_process_step: CaseProcessStepTable;
};
