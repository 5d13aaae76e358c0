/**
 * The queries of study patients and what is documented for them: the study patient with its patient and
 * location, its visits, instruments and case process steps (a fixed number of queries whatever their
 * count), versioned saves of its fields, and the master data log. The patient table has its own file.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, StudyPatientDataLogTable, StudyPatientTable } from '../__generated__/database.js';

export type StudyPatientRow = {
  id: string;
  patientId: string;
  pseudonym: string;
  registrationDate: string;
  isMlPatient: boolean;
  studyId: string;
  studyInstituteId: string;
  instituteId: string;
  instituteIdentifier: string;
  instituteDisplayName: string;
  isDigiNet: boolean;
  studyDefinitionId: string;
  definitionVersion: number;
  fields: DataFieldInstance[];
  portalRegisteredAt: Date | null;
  isDeleted: boolean;
  /** Set on a study patient joined into another (issue 17): the survivor. */
  mergedIntoStudyPatientId: string | null;
  version: number;
};

export type StudyPatientFilter = {
  id?: string;
  studyId?: string;
  patientId?: string;
  patientIds?: readonly string[];
  /** Only the study patients documented at these locations. */
  studyInstituteIds?: readonly string[];
  includeDeleted?: boolean;
};

/** Study patients joined with their patient and location, with what every listing of them shows. */
export function studyPatientsWithLocation(db: Kysely<DB>) {
  return db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select([
      'sp.id',
      'sp.patient_id as patientId',
      'p.pseudonym',
      'p.registration_date as registrationDate',
      'p.is_ml_patient as isMlPatient',
      'sp.study_institute_id as studyInstituteId',
      'i.identifier as instituteIdentifier',
      'i.display_name as instituteDisplayName',
      sql<string | null>`i.additional_info->>'isDigiNet'`.as('isDigiNetText'),
      'sp.is_deleted as isDeleted',
    ]);
}

/** Study patients with their patient and location, by pseudonym. */
export async function findStudyPatients(db: Kysely<DB>, filter: StudyPatientFilter): Promise<StudyPatientRow[]> {
  if (filter.studyInstituteIds?.length === 0) return [];
  let query = studyPatientsWithLocation(db)
    .select([
      'sp.study_id as studyId',
      'i.id as instituteId',
      'sp.study_definition_id as studyDefinitionId',
      'sp.definition_version as definitionVersion',
      'sp.fields',
      'sp.portal_registered_at as portalRegisteredAt',
      'sp.merged_into_study_patient_id as mergedIntoStudyPatientId',
      'sp.version',
    ])
    .orderBy('p.pseudonym');
  if (filter.id) query = query.where('sp.id', '=', filter.id);
  if (filter.studyId) query = query.where('sp.study_id', '=', filter.studyId);
  if (filter.patientId) query = query.where('sp.patient_id', '=', filter.patientId);
  if (filter.patientIds) query = query.where('sp.patient_id', 'in', [...filter.patientIds]);
  if (filter.studyInstituteIds) query = query.where('sp.study_institute_id', 'in', [...filter.studyInstituteIds]);
  if (!filter.includeDeleted) query = query.where('sp.is_deleted', '=', false);
  const rows = await query.execute();
  return rows.map(({ isDigiNetText, ...row }) => ({ ...row, isDigiNet: isDigiNetText === 'true' }));
}

/** Whether a visit of the study patient (not deleted) is assigned to the institute of one of the locations. */
/** Of the given study patients, those with a visit assigned to one of the institutes of `locationIds`. */
export async function withVisitAssignedTo(
  db: Kysely<DB>,
  studyPatientIds: readonly string[],
  locationIds: readonly string[],
): Promise<Set<string>> {
  if (studyPatientIds.length === 0 || locationIds.length === 0) return new Set();
  const assigned = await db
    .selectFrom('visit as v')
    .innerJoin('study_institute as si', 'si.institute_id', 'v.assigned_institute_id')
    .select('v.study_patient_id')
    .distinct()
    .where('v.study_patient_id', 'in', [...studyPatientIds])
    .where('v.is_deleted', '=', false)
    .where('si.id', 'in', [...locationIds])
    .execute();
  return new Set(assigned.map((row) => row.study_patient_id));
}

/** Everything documented for a study patient, in three queries for any number of visits and instruments. */
export async function findDocumentRows(db: Kysely<DB>, studyPatientId: string) {
  const [visits, instruments, steps] = await Promise.all([
    db.selectFrom('visit').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('sort_order').orderBy('created_at').execute(),
    db
      .selectFrom('instrument')
      .selectAll()
      .where('study_patient_id', '=', studyPatientId)
      .orderBy('sort_order')
      .orderBy('created_at')
      .execute(),
    db.selectFrom('case_process_step').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('step_order').execute(),
  ]);
  return { visits, instruments, steps };
}

/** The definitions (and versions) the given study patients are documented under. */
export async function definitionVersionsOf(db: Kysely<DB>, studyPatientIds: readonly string[]) {
  if (studyPatientIds.length === 0) return [];
  return db
    .selectFrom('study_patient')
    .select(['study_definition_id', 'definition_version'])
    .distinct()
    .where('id', 'in', [...studyPatientIds])
    .execute();
}

/** Inserts a study patient with its patient's pseudonym (which never changes), the patient table's order. */
export async function insertStudyPatient(db: Kysely<DB>, studyPatient: Omit<Insertable<StudyPatientTable>, 'pseudonym'>): Promise<string> {
  const row = await db
    .insertInto('study_patient')
    .values({ ...studyPatient, pseudonym: sql<string>`(select pseudonym from patient where id = ${studyPatient.patient_id})` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Saves the patient fields (and location) only over the version read, so of two racing saves one loses;
 * answers the new version, or undefined when the stored version moved on.
 */
export async function saveStudyPatientFields(
  db: Kysely<DB>,
  save: { id: string; readVersion: number; fields: readonly DataFieldInstance[]; studyInstituteId: string; changedAt: Date },
): Promise<number | undefined> {
  const updated = await db
    .updateTable('study_patient')
    .set({
      fields: JSON.stringify(save.fields),
      study_institute_id: save.studyInstituteId,
      version: save.readVersion + 1,
      changed_at: save.changedAt,
    })
    .where('id', '=', save.id)
    .where('version', '=', save.readVersion)
    .returning('version')
    .executeTakeFirst();
  return updated?.version;
}

export async function setPortalRegistered(db: Kysely<DB>, id: string, at: Date): Promise<void> {
  await db.updateTable('study_patient').set({ portal_registered_at: at }).where('id', '=', id).execute();
}

/** The deleted flag of a patient or study patient; undefined when there is none with the id. */
export async function deletedFlagOf(db: Kysely<DB>, table: 'patient' | 'study_patient', id: string): Promise<boolean | undefined> {
  const row = await db.selectFrom(table).select(['id', 'is_deleted']).where('id', '=', id).executeTakeFirst();
  return row?.is_deleted;
}

export async function markDeleted(db: Kysely<DB>, table: 'patient' | 'study_patient', id: string): Promise<void> {
  await db.updateTable(table).set({ is_deleted: true }).where('id', '=', id).execute();
}

export async function insertDataLogEntry(db: Kysely<DB>, entry: Insertable<StudyPatientDataLogTable>): Promise<void> {
  await db.insertInto('study_patient_data_log').values(entry).execute();
}

/** The master data log of a study patient, newest first. */
export async function findDataLog(db: Kysely<DB>, studyPatientId: string) {
  return db
    .selectFrom('study_patient_data_log')
    .selectAll()
    .where('study_patient_id', '=', studyPatientId)
    .orderBy('changed_at', 'desc')
    .execute();
}
