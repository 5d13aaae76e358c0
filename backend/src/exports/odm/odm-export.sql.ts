/**
 * The queries of the ODM export: the study patients in scope (counted, streamed), the definition versions
 * they use, the users of their audit trail and signatures, the signature meanings, and per batch of patients
 * their visits, instruments and field audit rows.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import { patientsInScope, type PatientScope } from '../patient-records.sql.js';

type Scope = PatientScope;

export async function countPatientsInScope(db: Kysely<DB>, scope: Scope): Promise<number> {
  const row = await patientsInScope(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type OdmPatientRow = {
  id: string;
  pseudonym: string;
  studyInstituteId: string;
  definitionId: string;
  definitionVersion: number;
  fields: DataFieldInstance[];
};

/** The patients in scope, grouped by the definition version they use (one ClinicalData each), then by pseudonym. */
export function streamPatientsInScope(db: Kysely<DB>, scope: Scope, chunkSize: number): AsyncIterableIterator<OdmPatientRow> {
  return patientsInScope(db, scope)
    .select([
      'sp.id',
      'p.pseudonym',
      'sp.study_institute_id as studyInstituteId',
      'sp.study_definition_id as definitionId',
      'sp.definition_version as definitionVersion',
      'sp.fields',
    ])
    .orderBy('sp.study_definition_id')
    .orderBy('sp.definition_version')
    .orderBy('p.pseudonym')
    .stream(chunkSize);
}

/** The definition versions the patients in scope use, and the study's current one, with the day each was loaded. */
export async function definitionVersionsInScope(db: Kysely<DB>, scope: Scope) {
  const used = patientsInScope(db, scope)
    .select(sql<number>`1`.as('used'))
    .where(sql<boolean>`sp.study_definition_id = v.study_definition_id and sp.definition_version = v.version`);
  return db
    .selectFrom('study_definition_version as v')
    .innerJoin('study_definition as d', 'd.id', 'v.study_definition_id')
    .select(['d.id', 'd.identifier', 'd.display_name as displayName', 'v.version', 'v.created_at as createdAt'])
    .where((eb) =>
      eb.or([
        eb.exists(used),
        eb.and([eb('d.study_id', '=', scope.studyId), eb('d.is_deleted', '=', false), eb('v.version', '=', eb.ref('d.current_version'))]),
      ]),
    )
    .orderBy('d.id')
    .orderBy('v.version')
    .execute();
}

/** Ids of the records (study patients, their visits and instruments) whose audit rows the export reads. */
function auditedRecordIds(db: Kysely<DB>, scope: Scope) {
  const patients = patientsInScope(db, scope);
  return patients
    .select(sql<string>`sp.id::text`.as('recordId'))
    .union(patients.innerJoin('visit as v', 'v.study_patient_id', 'sp.id').select(sql<string>`v.id::text`.as('recordId')))
    .union(patients.innerJoin('instrument as i', 'i.study_patient_id', 'sp.id').select(sql<string>`i.id::text`.as('recordId')));
}

/** Everyone who changed the documentation of the patients in scope or signed one of their visits. */
export async function usersInScope(db: Kysely<DB>, scope: Scope) {
  const writers = db
    .selectFrom('audit_trail as a')
    .select('a.user_name as userName')
    .where('a.table_name', 'in', ['study_patient', 'visit', 'instrument'])
    .where('a.record_id', 'in', auditedRecordIds(db, scope));
  const signers = patientsInScope(db, scope)
    .innerJoin('visit as v', 'v.study_patient_id', 'sp.id')
    .select(sql<string>`v.signature_data->>'userName'`.as('userName'))
    .where('v.is_signed', '=', true)
    .where('v.is_deleted', '=', false);
  const names = await writers.union(signers).execute();
  const known = await db
    .selectFrom('app_user')
    .select(['user_name as userName', 'display_name as displayName'])
    .where(sql<string>`lower(user_name)`, 'in', names.length === 0 ? [''] : names.map((n) => n.userName.toLowerCase()))
    .execute();
  const displayNames = new Map(known.map((u) => [u.userName.toLowerCase(), u.displayName]));
  return names
    .map((n) => ({ userName: n.userName, displayName: displayNames.get(n.userName.toLowerCase()) ?? null }))
    .sort((a, b) => a.userName.localeCompare(b.userName));
}

/** The meanings of the signatures on visits of the patients in scope. */
export async function signatureMeaningsInScope(db: Kysely<DB>, scope: Scope): Promise<string[]> {
  const rows = await patientsInScope(db, scope)
    .innerJoin('visit as v', 'v.study_patient_id', 'sp.id')
    .select(sql<string>`v.signature_data->>'meaning'`.as('meaning'))
    .where('v.is_signed', '=', true)
    .where('v.is_deleted', '=', false)
    .distinct()
    .orderBy('meaning')
    .execute();
  return rows.map((r) => r.meaning);
}

/** The audit rows that wrote fields of the records (creations and saves), oldest first. */
export async function fieldAuditRows(db: Kysely<DB>, recordIds: readonly string[]) {
  if (recordIds.length === 0) return [];
  return (
    db
      .selectFrom('audit_trail')
      .select(['id', 'occurred_at as occurredAt', 'user_name as userName', 'operation', 'new_value as newValue', 'reason'])
      .where('table_name', 'in', ['study_patient', 'visit', 'instrument'])
      .where('record_id', 'in', [...recordIds])
      .where('operation', 'in', ['Create', 'Update'])
      // Rows that wrote fields: each field its own key `fields.<id>` (per-field rows of migration 0100), or, in rows
      // written before, one key `fields`.
      .where(
        sql<boolean>`(new_value ? 'fields' OR EXISTS (SELECT 1 FROM audit_field_change f WHERE f.audit_id = audit_trail.id AND f.field LIKE 'fields.%'))`,
      )
      .orderBy('occurred_at')
      .orderBy('id')
      .execute()
  );
}
