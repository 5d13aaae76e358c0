/** The queries of data verification flags (ecrf-calls.md §7 "Queries": verification flag). */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DataVerificationFlagTable, DB } from '../__generated__/database.js';

export type VerificationFlagRow = Selectable<DataVerificationFlagTable>;

export async function findFlag(db: Kysely<DB>, id: string): Promise<VerificationFlagRow | undefined> {
  return db.selectFrom('data_verification_flag').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findFlagOfType(
  db: Kysely<DB>,
  dataFieldId: string,
  typeIdentifier: string,
): Promise<VerificationFlagRow | undefined> {
  return db
    .selectFrom('data_verification_flag')
    .selectAll()
    .where('data_field_id', '=', dataFieldId)
    .where('type_identifier', '=', typeIdentifier)
    .executeTakeFirst();
}

/** The flags of study patients (the patient context reads several at once). */
export async function findFlagsOfPatients(db: Kysely<DB>, studyPatientIds: readonly string[]): Promise<VerificationFlagRow[]> {
  if (studyPatientIds.length === 0) return [];
  return db
    .selectFrom('data_verification_flag')
    .selectAll()
    .where('study_patient_id', 'in', [...studyPatientIds])
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}

/** The patient's flags on any of the fields, locked until the save's transaction ends (a toggle waits). */
export async function lockFlagsOnFields(
  trx: Kysely<DB>,
  studyPatientId: string,
  fieldIds: readonly string[],
): Promise<VerificationFlagRow[]> {
  if (fieldIds.length === 0) return [];
  return trx
    .selectFrom('data_verification_flag')
    .selectAll()
    .where('study_patient_id', '=', studyPatientId)
    .where('data_field_id', 'in', [...fieldIds])
    .forUpdate()
    .execute();
}

/** A locked flag's new state after a field change. */
export async function setFlagState(
  trx: Kysely<DB>,
  flag: VerificationFlagRow,
  set: Pick<Updateable<DataVerificationFlagTable>, 'state' | 'changed_by' | 'changed_at'>,
): Promise<VerificationFlagRow> {
  return trx
    .updateTable('data_verification_flag')
    .set({ ...set, version: flag.version + 1 })
    .where('id', '=', flag.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts unless a flag of the type exists on the field; undefined then. */
export async function insertFlag(db: Kysely<DB>, values: Insertable<DataVerificationFlagTable>): Promise<VerificationFlagRow | undefined> {
  return db
    .insertInto('data_verification_flag')
    .values(values)
    .onConflict((oc) => oc.columns(['data_field_id', 'type_identifier']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Updates only the version read; undefined when another write came first. */
export async function updateFlag(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<DataVerificationFlagTable>,
): Promise<VerificationFlagRow | undefined> {
  return db
    .updateTable('data_verification_flag')
    .set({ ...set, version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .returningAll()
    .executeTakeFirst();
}
