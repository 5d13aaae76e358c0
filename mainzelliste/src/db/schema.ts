/** Kysely table types of the schema mainzelliste, mirroring mainzelliste/migrations/*.sql. */
import type { ColumnType, Generated } from 'kysely';
import type { MatchData } from '../matching/prepare.js';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: both drivers parse it; writes are JSON texts. */
type Json<T> = ColumnType<T, string, string>;

export type PatientTable = {
  id: Generated<number>;
  fields: Json<Record<string, string>>;
  match_data: Json<MatchData>;
  tentative: Generated<boolean>;
  bk_nachname: string | null;
  bk_geburtsname: string | null;
  bk_birth_date: string | null;
  bk_first_name_year: string | null;
  bk_insurance: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};

export type PatientIdTable = { patient_id: number; id_type: string; id_string: string; tentative: Generated<boolean> };

export type Pseudonym = { idType: string; idString: string };

export type AuditEventTable = {
  id: Generated<number>;
  occurred_at: DefaultTimestamp;
  server_name: string | null;
  user_name: string | null;
  remote_system: string | null;
  reason: string | null;
  remote_address: string;
  action: string;
  status: number;
  outcome: string | null;
  session_id: string | null;
  token_id: string | null;
  token_type: string | null;
  pseudonyms: Json<Pseudonym[]>;
};

export type DB = {
  patient: PatientTable;
  patient_id: PatientIdTable;
  audit_event: AuditEventTable;
};
