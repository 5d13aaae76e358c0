/**
 * The queries of instruments and of the forms that hold data fields (study patient, visit, instrument):
 * reads, creation, versioned saves and updates; a field is found in the jsonb trees of the forms.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, InstrumentTable } from '../__generated__/database.js';

export type InstrumentRow = Selectable<InstrumentTable>;

export async function findInstrumentStudyPatientId(db: Kysely<DB>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('instrument').select('study_patient_id').where('id', '=', id).executeTakeFirst();
  return row?.study_patient_id;
}

export async function findInstrumentRow(db: Kysely<DB>, id: string): Promise<InstrumentRow | undefined> {
  return db.selectFrom('instrument').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Instruments with the ids, only of study patients at the locations unless these are null. */
export async function findInstrumentRows(
  db: Kysely<DB>,
  ids: readonly string[],
  studyInstituteIds: readonly string[] | null,
): Promise<InstrumentRow[]> {
  if (ids.length === 0 || studyInstituteIds?.length === 0) return [];
  let query = db
    .selectFrom('instrument as i')
    .innerJoin('study_patient as sp', 'sp.id', 'i.study_patient_id')
    .selectAll('i')
    .where('i.id', 'in', [...ids]);
  if (studyInstituteIds) query = query.where('sp.study_institute_id', 'in', [...studyInstituteIds]);
  return query.execute();
}

/** The instruments of the visits, by order. */
export async function findInstrumentsOfVisits(db: Kysely<DB>, visitIds: readonly string[]): Promise<InstrumentRow[]> {
  if (visitIds.length === 0) return [];
  return db
    .selectFrom('instrument')
    .selectAll()
    .where('visit_id', 'in', [...visitIds])
    .orderBy('sort_order')
    .execute();
}

export async function insertInstrument(db: Kysely<DB>, instrument: Insertable<InstrumentTable>): Promise<InstrumentRow> {
  return db.insertInto('instrument').values(instrument).returningAll().executeTakeFirstOrThrow();
}

/** Saves an instrument only over the version read (two racing saves cannot both win); undefined when it moved on. */
export async function saveInstrumentRow(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<InstrumentTable>,
): Promise<InstrumentRow | undefined> {
  return db.updateTable('instrument').set(set).where('id', '=', id).where('version', '=', readVersion).returningAll().executeTakeFirst();
}

export async function updateInstrumentRow(db: Kysely<DB>, id: string, set: Updateable<InstrumentTable>): Promise<void> {
  await db.updateTable('instrument').set(set).where('id', '=', id).execute();
}

export type OwnerKind = 'StudyPatient' | 'Visit' | 'Instrument';
/** A form holding data fields. */
export type Owner = { kind: OwnerKind; id: string; studyPatientId: string; version: number; fields: DataFieldInstance[] };

export const OWNER_TABLES = { StudyPatient: 'study_patient', Visit: 'visit', Instrument: 'instrument' } as const;

async function findOwner(db: Kysely<DB>, kind: OwnerKind, where: ReturnType<typeof sql<boolean>>): Promise<Owner | undefined> {
  const row = await db
    .selectFrom(OWNER_TABLES[kind])
    .select(['id', 'version', 'fields', kind === 'StudyPatient' ? 'id as studyPatientId' : 'study_patient_id as studyPatientId'])
    .where(where)
    .executeTakeFirst();
  return row ? { kind, id: row.id, studyPatientId: row.studyPatientId, version: row.version, fields: row.fields } : undefined;
}

/** The form holding a field instance, found in the jsonb trees (one query per kind of form). */
export async function findOwnerOfField(db: Kysely<DB>, fieldId: string): Promise<Owner | undefined> {
  for (const kind of ['Instrument', 'Visit', 'StudyPatient'] as const) {
    const owner = await findOwner(
      db,
      kind,
      sql<boolean>`jsonb_path_exists(fields, '$.** ? (@.id == $id)', jsonb_build_object('id', ${fieldId}::text))`,
    );
    if (owner) return owner;
  }
  return undefined;
}

export async function findOwnerById(db: Kysely<DB>, kind: OwnerKind, id: string): Promise<Owner | undefined> {
  return findOwner(db, kind, sql<boolean>`id = ${id}::uuid`);
}

/** Stores a form's fields only over the version read; the stored row, or undefined when the stored version moved on. */
export async function saveOwnerFields(
  db: Kysely<DB>,
  owner: Owner,
  readVersion: number,
  fields: readonly DataFieldInstance[],
  stamp: { version: number; changedAt: Date },
): Promise<{ id: string } | undefined> {
  return db
    .updateTable(OWNER_TABLES[owner.kind])
    .set({ fields: JSON.stringify(fields), version: stamp.version, changed_at: stamp.changedAt })
    .where('id', '=', owner.id)
    .where('version', '=', readVersion)
    .returningAll()
    .executeTakeFirst();
}
