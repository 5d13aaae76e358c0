/** Kysely table types, mirroring backend/migrations/*.sql (the SQL files are the source of truth). */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { PatientTables } from '../patients/patients.tables.js';
import type { StudyDefinitionTables } from '../study-definitions/study-definitions.tables.js';

/** A timestamptz: read as Date, written as Date or ISO string, defaulted by the database where noted. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: both drivers parse it; writes are JSON texts so arrays and objects travel the same way. */
type Json<T> = ColumnType<T, string, string>;

export type JsonObject = { [key: string]: unknown };
export type InstituteAdditionalInfo = { isDigiNet: boolean } & JsonObject;

export type RoleTable = { id: Generated<string>; identifier: string; display_name: string };
export type RightTable = { id: Generated<string>; identifier: string };
export type RoleRightTable = { role_id: string; right_id: string };

export type UserTable = {
  id: Generated<string>;
  user_name: string;
  display_name: string;
  email_address: string | null;
  role_id: string;
  person_data: Json<JsonObject | null> | null;
  password_hash: string;
  is_deactivated: Generated<boolean>;
  is_deleted: Generated<boolean>;
  failed_sign_in_count: Generated<number>;
  locked_until: Timestamp | null;
  password_changed_at: Timestamp | null;
  password_synced_at: Timestamp | null;
  created_at: DefaultTimestamp;
};

export type RefreshTokenTable = {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};

export type PasswordRecoveryChallengeTable = {
  id: Generated<string>;
  user_id: string;
  challenge_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  invalidated_at: Timestamp | null;
};

export type AuditOperation = 'Create' | 'Update' | 'Delete';

export type AuditTrailTable = {
  id: Generated<string>;
  occurred_at: DefaultTimestamp;
  user_id: string | null;
  user_name: string;
  table_name: string;
  record_id: string | null;
  operation: AuditOperation;
  event: string | null;
  old_value: Json<JsonObject | null> | null;
  new_value: Json<JsonObject | null> | null;
  reason: string | null;
};

export type InstituteTable = {
  id: Generated<string>;
  identifier: string;
  display_name: string;
  additional_info: Json<InstituteAdditionalInfo>;
  is_deleted: Generated<boolean>;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
};

export type StudyTable = { id: Generated<string>; identifier: string; display_name: string; is_deleted: Generated<boolean> };

export type StudyInstituteTable = {
  id: Generated<string>;
  study_id: string;
  institute_id: string;
  is_deleted: Generated<boolean>;
};

export type StudyInstituteUserTable = { study_institute_id: string; user_id: string };

export type OrganizationTable = {
  id: Generated<string>;
  display_name: string;
  is_digi_net: Generated<boolean>;
  main_organization_type: string;
  institute_id: string | null;
  is_deleted: Generated<boolean>;
};

export type PersonTable = {
  id: Generated<string>;
  title: string | null;
  first_name: string;
  last_name: string;
  person_info: Json<JsonObject>;
  user_id: string | null;
  is_deleted: Generated<boolean>;
};

export type OrganizationPersonAssignmentTable = {
  id: Generated<string>;
  organization_id: string;
  person_id: string;
  function: string | null;
};

/** The tables of the study definitions (issue 4) and of the patient documentation (issue 5) are typed beside their modules. */
export type DB = StudyDefinitionTables & PatientTables & {
  role: RoleTable;
  app_right: RightTable;
  role_right: RoleRightTable;
  app_user: UserTable;
  refresh_token: RefreshTokenTable;
  password_recovery_challenge: PasswordRecoveryChallengeTable;
  audit_trail: AuditTrailTable;
  institute: InstituteTable;
  study: StudyTable;
  study_institute: StudyInstituteTable;
  study_institute_user: StudyInstituteUserTable;
  organization: OrganizationTable;
  person: PersonTable;
  organization_person_assignment: OrganizationPersonAssignmentTable;
};

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
