/** Queries on mainzelliste.patient and patient_id (migrations/0001_patients.sql). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { Pseudonym } from '../db/json-columns.js';
import { generatePid } from '../ids/pid.js';
import { BLOCKING_VERSION, type BlockingKeys, type BlockingQuery } from '../matching/blocking.js';
import type { MatchData } from '../matching/prepare.js';
import { MainzellisteError } from '../errors/errors.js';
import { GENERATED_ID_TYPES, type Fields } from './fields.js';

/** Arbitrary constant key of the advisory lock that serialises adding patients. */
const ADD_LOCK_KEY = 4_200_002;

export type StoredId = Pseudonym & { tentative: boolean };
export type PatientRow = { id: number; fields: Fields; tentative: boolean };

export async function findPatient(db: Kysely<DB>, id: Pseudonym): Promise<PatientRow | undefined> {
  return db
    .selectFrom('patient_id as i')
    .innerJoin('patient as p', 'p.id', 'i.patient_id')
    .select(['p.id', 'p.fields', 'p.tentative'])
    .where('i.id_type', '=', id.idType)
    .where('i.id_string', '=', id.idString)
    .executeTakeFirst();
}

export async function findPatientsById(db: Kysely<DB>, ids: readonly number[]): Promise<PatientRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('patient')
    .select(['id', 'fields', 'tentative'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export async function idsOf(db: Kysely<DB>, patientIds: readonly number[]): Promise<Map<number, StoredId[]>> {
  const byPatient = new Map<number, StoredId[]>();
  if (patientIds.length === 0) return byPatient;
  const rows = await db
    .selectFrom('patient_id')
    .select(['patient_id', 'id_type', 'id_string', 'tentative'])
    .where('patient_id', 'in', [...patientIds])
    .execute();
  for (const row of rows) {
    const list = byPatient.get(row.patient_id) ?? [];
    list.push({ idType: row.id_type, idString: row.id_string, tentative: row.tentative });
    byPatient.set(row.patient_id, list);
  }
  // Generated types first (pid, intid), then the external ones by name.
  const rank = (type: string): string => `${(GENERATED_ID_TYPES as readonly string[]).indexOf(type) + 1 || 9}${type}`;
  for (const list of byPatient.values()) list.sort((a, b) => rank(a.idType).localeCompare(rank(b.idType)));
  return byPatient;
}

/** The patients holding any of the given ids. */
export async function patientsHolding(db: Kysely<DB>, ids: readonly (readonly [string, string])[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('patient_id')
    .select('patient_id')
    .distinct()
    .where((eb) => eb.or(ids.map(([idType, idString]) => eb.and([eb('id_type', '=', idType), eb('id_string', '=', idString)]))))
    .execute();
  return rows.map((row) => row.patient_id);
}

const externalIdInUse = (): MainzellisteError =>
  new MainzellisteError(
    'ML_ERR_CONFLICT',
    'Cannot create a new patient with the supplied external ID, because it is already in use. Please check external ID and repeat the request.',
  );

/** Gives a patient the external ids of types it does not hold yet (a MATCH that brought new ones). */
export async function addExternalIds(db: Kysely<DB>, patientId: number, ids: Readonly<Record<string, string>>): Promise<void> {
  const held = new Set(
    (await db.selectFrom('patient_id').select('id_type').where('patient_id', '=', patientId).execute()).map((row) => row.id_type),
  );
  const rows = Object.entries(ids)
    .filter(([idType, idString]) => idString.trim() !== '' && !held.has(idType))
    .map(([id_type, id_string]) => ({ patient_id: patientId, id_type, id_string }));
  if (rows.length > 0) await db.insertInto('patient_id').values(rows).execute();
}

/** Sets (or with '' removes) external ids of a patient; 409 when another patient holds the value. */
export async function setExternalIds(db: Kysely<DB>, patientId: number, ids: Readonly<Record<string, string>>): Promise<void> {
  for (const [idType, idString] of Object.entries(ids)) {
    const holder = await db
      .selectFrom('patient_id')
      .select('patient_id')
      .where('id_type', '=', idType)
      .where('id_string', '=', idString)
      .executeTakeFirst();
    if (holder && holder.patient_id !== patientId) throw externalIdInUse();
    if (holder) continue;
    await db.deleteFrom('patient_id').where('patient_id', '=', patientId).where('id_type', '=', idType).execute();
    if (idString.trim() !== '')
      await db.insertInto('patient_id').values({ patient_id: patientId, id_type: idType, id_string: idString }).execute();
  }
}

/** Patients holding an id of the type, in creation order, one page of them, and how many there are. */
export async function listPatientIds(
  db: Kysely<DB>,
  idType: string,
  page: number,
  limit: number | null,
): Promise<{ ids: number[]; total: number }> {
  const base = db.selectFrom('patient_id').where('id_type', '=', idType);
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let query = base.select('patient_id').orderBy('patient_id');
  if (limit !== null) query = query.limit(limit).offset((page - 1) * limit);
  const rows = await query.execute();
  return { ids: rows.map((row) => row.patient_id), total: Number(count.n) };
}

/** The union of the blocks a lookup selects (src/matching/blocking.ts). */
export async function findCandidates(db: Kysely<DB>, query: BlockingQuery): Promise<{ id: number; match_data: MatchData }[]> {
  return db
    .selectFrom('patient')
    .select(['id', 'match_data'])
    .where((eb) => {
      const terms = [];
      if (query.surnameYears.length > 0) {
        terms.push(eb('bk_nachname', 'in', query.surnameYears), eb('bk_geburtsname', 'in', query.surnameYears));
      }
      if (query.names.length > 0) terms.push(eb('bk_names', 'in', query.names));
      if (query.birthDates.length > 0) terms.push(eb('bk_birth_date', 'in', query.birthDates));
      if (query.firstNameYears.length > 0) terms.push(eb('bk_first_name_year', 'in', query.firstNameYears));
      if (query.nameDayMonths.length > 0) {
        terms.push(eb('bk_first_name_day_month', 'in', query.nameDayMonths), eb('bk_surname_day_month', 'in', query.nameDayMonths));
      }
      if (query.nameInitials.length > 0) {
        terms.push(eb('bk_first_name_initial', 'in', query.nameInitials), eb('bk_surname_initial', 'in', query.nameInitials));
      }
      if (query.insurances.length > 0) terms.push(eb('bk_insurance', 'in', query.insurances));
      return terms.length > 0 ? eb.or(terms) : eb.val(false);
    })
    .execute();
}

export const keyColumns = (keys: BlockingKeys) => ({
  bk_nachname: keys.nachnameYear,
  bk_geburtsname: keys.geburtsnameYear,
  bk_names: keys.names,
  bk_birth_date: keys.birthDate,
  bk_first_name_year: keys.firstNameYear,
  bk_first_name_day_month: keys.firstNameDayMonth,
  bk_surname_day_month: keys.surnameDayMonth,
  bk_first_name_initial: keys.firstNameInitial,
  bk_surname_initial: keys.surnameInitial,
  blocking_version: BLOCKING_VERSION,
  bk_insurance: keys.insurance,
});

export type NewPatient = { fields: Fields; matchData: MatchData; keys: BlockingKeys; tentative: boolean };

/** Takes the transaction-scoped lock under which a patient is matched and added. */
export async function lockPatientAdding(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ADD_LOCK_KEY})`.execute(trx);
}

/** Inserts a patient with a pid, an intid and the given external ids; returns its id and pseudonyms. */
export async function insertPatient(
  db: Kysely<DB>,
  patient: NewPatient,
  externalIds: Readonly<Record<string, string>> = {},
): Promise<{ id: number; ids: StoredId[] }> {
  const row = await db
    .insertInto('patient')
    .values({
      fields: JSON.stringify(patient.fields),
      match_data: JSON.stringify(patient.matchData),
      tentative: patient.tentative,
      ...keyColumns(patient.keys),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let pid = generatePid();
  // 32^6 values: a collision is rare, but a pseudonym must never be given twice.
  while (
    await db.selectFrom('patient_id').select('patient_id').where('id_type', '=', 'pid').where('id_string', '=', pid).executeTakeFirst()
  ) {
    pid = generatePid();
  }
  const intid = await sql<{ n: number }>`SELECT nextval('mainzelliste.intid_seq')::integer AS n`.execute(db);
  const ids: StoredId[] = [
    { idType: 'pid', idString: pid, tentative: patient.tentative },
    { idType: 'intid', idString: String(intid.rows[0]?.n), tentative: patient.tentative },
    ...Object.entries(externalIds)
      .filter(([, idString]) => idString.trim() !== '')
      .map(([idType, idString]) => ({ idType, idString, tentative: patient.tentative })),
  ];
  await db
    .insertInto('patient_id')
    .values(ids.map((id) => ({ patient_id: row.id, id_type: id.idType, id_string: id.idString, tentative: id.tentative })))
    .execute();
  return { id: row.id, ids };
}

export async function updatePatient(db: Kysely<DB>, id: number, patient: Omit<NewPatient, 'tentative'>): Promise<void> {
  await db
    .updateTable('patient')
    .set({
      fields: JSON.stringify(patient.fields),
      match_data: JSON.stringify(patient.matchData),
      ...keyColumns(patient.keys),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deletePatient(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('patient').where('id', '=', id).execute();
}

/**
 * Re-keys the identities stored under an older BLOCKING_VERSION (migration 0003 changed the keys' meaning);
 * the keys need the Kölner Phonetik, so SQL cannot compute them.
 */
export async function backfillBlockingKeys(db: Kysely<DB>, keysOf: (data: MatchData) => BlockingKeys): Promise<number> {
  const rows = await db.selectFrom('patient').select(['id', 'match_data']).where('blocking_version', '<', BLOCKING_VERSION).execute();
  for (const row of rows) {
    await db
      .updateTable('patient')
      .set(keyColumns(keysOf(row.match_data)))
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
