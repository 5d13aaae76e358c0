/** SQL of the safety review (migration 0082): documentation read for the reports, and the screening configuration. */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

/** Live study patients of a study with pseudonym, location and definition version. */
function studyPatients(db: Kysely<DB>, studyId: string) {
  return db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .where('sp.study_id', '=', studyId)
    .where('sp.is_deleted', '=', false)
    .where('p.is_deleted', '=', false);
}

const patientColumns = [
  'sp.id as studyPatientId',
  'sp.study_institute_id as studyInstituteId',
  'sp.study_definition_id as definitionId',
  'sp.definition_version as definitionVersion',
  'p.pseudonym',
  'p.registration_date as registrationDate',
  'i.identifier as instituteIdentifier',
  'i.display_name as instituteName',
] as const;

export type ReportPatient = Awaited<ReturnType<typeof patientsChangedSince>>[number];

/**
 * The forms of a study changed at or after an instant: patients whose own fields changed, visits and instruments
 * (live ones, of live patients), each with its patient. A field's change bumps its form's changed_at.
 */
export async function patientsChangedSince(db: Kysely<DB>, studyId: string, since: Date) {
  return studyPatients(db, studyId).select(patientColumns).select('sp.fields').where('sp.changed_at', '>=', since).execute();
}

export async function visitsChangedSince(db: Kysely<DB>, studyId: string, since: Date) {
  return studyPatients(db, studyId)
    .innerJoin('visit as v', 'v.study_patient_id', 'sp.id')
    .select(patientColumns)
    .select(['v.id as visitId', 'v.definition_id as visitDefinitionId', 'v.fields'])
    .where('v.is_deleted', '=', false)
    .where('v.changed_at', '>=', since)
    .execute();
}

export async function instrumentsChangedSince(db: Kysely<DB>, studyId: string, since: Date) {
  return studyPatients(db, studyId)
    .innerJoin('instrument as ins', 'ins.study_patient_id', 'sp.id')
    .leftJoin('visit as v', 'v.id', 'ins.visit_id')
    .select(patientColumns)
    .select([
      'ins.id as instrumentId',
      'ins.definition_id as instrumentDefinitionId',
      'ins.fields',
      'v.id as visitId',
      'v.definition_id as visitDefinitionId',
    ])
    .where('ins.is_deleted', '=', false)
    .where((eb) => eb.or([eb('v.id', 'is', null), eb('v.is_deleted', '=', false)]))
    .where('ins.changed_at', '>=', since)
    .execute();
}

/** Study patients registered on or after a day (yyyy-MM-dd), oldest registration first. */
export async function patientsRegisteredSince(db: Kysely<DB>, studyId: string, fromDate: string) {
  return studyPatients(db, studyId)
    .select(patientColumns)
    .select('sp.fields')
    .where('p.registration_date', '>=', fromDate)
    .orderBy('p.registration_date')
    .orderBy('p.pseudonym')
    .execute();
}

/** The live visits and instruments of study patients, in their order (for the first form of each definition). */
export async function formsOf(db: Kysely<DB>, studyPatientIds: readonly string[]) {
  if (studyPatientIds.length === 0) return { visits: [], instruments: [] };
  const ids = [...studyPatientIds];
  const visits = await db
    .selectFrom('visit')
    .select(['id', 'study_patient_id', 'definition_id', 'fields'])
    .where('study_patient_id', 'in', ids)
    .where('is_deleted', '=', false)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
  const instruments = await db
    .selectFrom('instrument')
    .select(['id', 'study_patient_id', 'definition_id', 'fields'])
    .where('study_patient_id', 'in', ids)
    .where('is_deleted', '=', false)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
  return { visits, instruments };
}

export async function findScreeningConfiguration(db: Kysely<DB>, studyId: string) {
  return db.selectFrom('safety_screening_configuration').selectAll().where('study_id', '=', studyId).executeTakeFirst();
}

export type ScreeningConfigurationRow = NonNullable<Awaited<ReturnType<typeof findScreeningConfiguration>>>;

type ConfigurationLists = { study_patient_fields: string; visit_fields: string; instrument_fields: string };

/** The first configuration of a study; undefined when another writer created it meanwhile. */
export async function insertScreeningConfiguration(
  db: Kysely<DB>,
  studyId: string,
  lists: ConfigurationLists,
  changedBy: string,
  at: Date,
) {
  return db
    .insertInto('safety_screening_configuration')
    .values({ study_id: studyId, ...lists, version: 1, changed_by: changedBy, changed_at: at })
    .onConflict((oc) => oc.column('study_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Updates the configuration if it still has the version read; undefined when it is stale. */
export async function updateScreeningConfiguration(
  db: Kysely<DB>,
  studyId: string,
  readVersion: number,
  lists: ConfigurationLists,
  changedBy: string,
  at: Date,
) {
  return db
    .updateTable('safety_screening_configuration')
    .set((eb) => ({ ...lists, version: eb('version', '+', 1), changed_by: changedBy, changed_at: at }))
    .where('study_id', '=', studyId)
    .where('version', '=', readVersion)
    .returningAll()
    .executeTakeFirst();
}
