/**
 * The queries of joining two study patients (study-patient-merge.ts): what the conflict check reads of each side,
 * and the moves of everything that hangs on a study patient (the tables with `REFERENCES study_patient`), each
 * answering the moved rows so every move is audited.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

/** Patient form queries: about the study patient or a field of its patient form (neither visit nor instrument). */
const onPatientForm = sql<boolean>`visit_id is null and instrument_id is null and reference_type in ('Patient', 'DataField')`;

/** The study patients of both patients, locked in id order for the merge's transaction so two merges cannot cross. */
export async function lockStudyPatientsOf(trx: Kysely<DB>, patientIds: readonly string[]) {
  return trx
    .selectFrom('study_patient')
    .select(['id', 'patient_id', 'study_id', 'is_deleted'])
    .where('patient_id', 'in', [...patientIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** What the conflict check needs beyond the patient documents: identifiers of open interviews, assignments, open form queries. */
export async function mergeFacts(trx: Kysely<DB>, studyPatientId: string) {
  const [interviews, assignments, formQueries] = await Promise.all([
    trx
      .selectFrom('questionnaire_interview as qi')
      .innerJoin('questionnaire as q', 'q.id', 'qi.questionnaire_id')
      .select('q.identifier')
      .where('qi.study_patient_id', '=', studyPatientId)
      .where('qi.state', '=', 'open')
      .execute(),
    trx
      .selectFrom('project_assignment as pa')
      .innerJoin('project as p', 'p.id', 'pa.project_id')
      .select(['p.identifier as project', 'pa.assigned_from as assignedFrom', 'pa.assigned_until as assignedUntil'])
      .where('pa.study_patient_id', '=', studyPatientId)
      .execute(),
    trx
      .selectFrom('data_query')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('study_patient_id', '=', studyPatientId)
      .where(onPatientForm)
      .where('status', 'in', ['OPEN', 'PENDING'])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    openQuestionnaires: interviews.map((row) => row.identifier),
    projectAssignments: assignments,
    openPatientFormQueries: Number(formQueries.count),
  };
}

/** The tables whose rows move with the documentation as they are, and whether their rows carry a version. */
export const MOVED_TABLES = [
  { table: 'visit', versioned: true },
  { table: 'instrument', versioned: true },
  { table: 'case_process_step', versioned: false },
  { table: 'project_assignment', versioned: true },
  { table: 'questionnaire_interview', versioned: true },
] as const;

export type MovedTable = (typeof MOVED_TABLES)[number]['table'] | 'data_query' | 'data_verification_flag';

/**
 * Moves the rows of `table` from one study patient to the other; answers their ids. A versioned row's version
 * is raised, so an editor still holding the row from before the merge gets a stale write, not a silent save.
 */
export async function moveRows(
  trx: Kysely<DB>,
  { table, versioned }: (typeof MOVED_TABLES)[number],
  from: string,
  to: string,
): Promise<string[]> {
  const version = versioned ? sql`, version = version + 1` : sql``;
  const moved = await sql<{ id: string }>`
    update ${sql.table(table)} set study_patient_id = ${to}${version} where study_patient_id = ${from} returning id
  `.execute(trx);
  return moved.rows.map((row) => row.id);
}

/** Moves the queries about visits and instruments (the patient form's stay with it); a query about the patient names the survivor. */
export async function moveDocumentQueries(trx: Kysely<DB>, from: string, to: string, changedAt: Date): Promise<string[]> {
  const moved = await trx
    .updateTable('data_query')
    .set({ study_patient_id: to, changed_at: changedAt, version: sql`version + 1` })
    .where('study_patient_id', '=', from)
    .where(sql<boolean>`not (${onPatientForm})`)
    .returning('id')
    .execute();
  return moved.map((row) => row.id);
}

/** Moves the verification flags of fields outside the patient form (`patientFormFieldIds`, which stay with it). */
export async function moveDocumentFlags(
  trx: Kysely<DB>,
  from: string,
  to: string,
  patientFormFieldIds: readonly string[],
): Promise<string[]> {
  let query = trx
    .updateTable('data_verification_flag')
    .set({ study_patient_id: to, version: sql`version + 1` })
    .where('study_patient_id', '=', from);
  if (patientFormFieldIds.length > 0) query = query.where('data_field_id', 'not in', [...patientFormFieldIds]);
  const moved = await query.returning('id').execute();
  return moved.map((row) => row.id);
}

export async function markMerged(trx: Kysely<DB>, duplicateId: string, survivorId: string): Promise<void> {
  await trx
    .updateTable('study_patient')
    .set({ is_deleted: true, merged_into_study_patient_id: survivorId, version: sql`version + 1`, changed_at: new Date() })
    .where('id', '=', duplicateId)
    .execute();
}

/** Re-points a study patient to another patient, with that patient's pseudonym (the patient table's order). */
export async function repointStudyPatient(trx: Kysely<DB>, studyPatientId: string, patientId: string): Promise<void> {
  await trx
    .updateTable('study_patient')
    .set({
      patient_id: patientId,
      pseudonym: sql<string>`(select pseudonym from patient where id = ${patientId})`,
      version: sql`version + 1`,
      changed_at: new Date(),
    })
    .where('id', '=', studyPatientId)
    .execute();
}

export async function markPatientMerged(trx: Kysely<DB>, patientId: string, intoPatientId: string): Promise<void> {
  await trx.updateTable('patient').set({ is_deleted: true, merged_into_patient_id: intoPatientId }).where('id', '=', patientId).execute();
}

/** The study patient a merged one was joined into, with its pseudonym; undefined for one that was not merged. */
export async function mergedInto(db: Kysely<DB>, studyPatientId: string) {
  return db
    .selectFrom('study_patient as sp')
    .innerJoin('study_patient as survivor', 'survivor.id', 'sp.merged_into_study_patient_id')
    .select(['survivor.id', 'survivor.pseudonym'])
    .where('sp.id', '=', studyPatientId)
    .executeTakeFirst();
}
