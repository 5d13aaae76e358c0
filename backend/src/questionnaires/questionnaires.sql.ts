/** The queries of the questionnaire system (ecrf-calls.md §7 "Questionnaire system"). */
import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { DB, QuestionnaireAccessTable, QuestionnaireInterviewTable } from '../__generated__/database.js';

export type QuestionnaireRow = Selectable<DB['questionnaire']>;
export type AccessRow = Selectable<QuestionnaireAccessTable>;

/** An interview with what its answers need: the questionnaire, the patient's pseudonym and location, the newest access. */
export type InterviewRow = Selectable<QuestionnaireInterviewTable> & {
  definition: QuestionnaireRow['definition'];
  questionnaireVersion: string;
  pseudonym: string;
  studyInstituteId: string;
  accessExpiresAt: Date | null;
  accessOpen: SqlBool;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every version, newest first; with a uuid that version, with an identifier every version of it. */
export async function findQuestionnaires(db: Kysely<DB>, idOrIdentifier?: string): Promise<QuestionnaireRow[]> {
  let query = db.selectFrom('questionnaire').selectAll().orderBy('identifier').orderBy('loaded_at', 'desc').orderBy('id');
  if (idOrIdentifier !== undefined)
    query = UUID.test(idOrIdentifier) ? query.where('id', '=', idOrIdentifier) : query.where('identifier', '=', idOrIdentifier);
  return query.execute();
}

export async function insertQuestionnaire(db: Kysely<DB>, values: Insertable<DB['questionnaire']>): Promise<string> {
  return (await db.insertInto('questionnaire').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

function interviews(db: Kysely<DB>, now: Date) {
  return db
    .selectFrom('questionnaire_interview as qi')
    .innerJoin('questionnaire as q', 'q.id', 'qi.questionnaire_id')
    .innerJoin('study_patient as sp', 'sp.id', 'qi.study_patient_id')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .selectAll('qi')
    .select(['q.definition', 'q.version as questionnaireVersion', 'p.pseudonym', 'sp.study_institute_id as studyInstituteId'])
    .select((eb) => [
      eb
        .selectFrom('questionnaire_access as qa')
        .select(sql<Date>`max(qa.expires_at)`.as('e'))
        .whereRef('qa.interview_id', '=', 'qi.id')
        .as('accessExpiresAt'),
      eb
        .exists(
          eb
            .selectFrom('questionnaire_access as qa')
            .select('qa.id')
            .whereRef('qa.interview_id', '=', 'qi.id')
            .where('qa.used_at', 'is', null)
            .where('qa.revoked_at', 'is', null)
            .where('qa.expires_at', '>', now),
        )
        .as('accessOpen'),
    ])
    .where('sp.is_deleted', '=', false);
}

export async function findInterviews(
  db: Kysely<DB>,
  filter: {
    id?: string;
    studyPatientIds?: readonly string[];
    instrumentId?: string;
    open?: { studyPatientId: string; questionnaireId: string };
  },
  now: Date,
): Promise<InterviewRow[]> {
  let query = interviews(db, now).orderBy('qi.created_at', 'desc').orderBy('qi.id');
  if (filter.id) query = query.where('qi.id', '=', filter.id);
  if (filter.studyPatientIds) {
    if (filter.studyPatientIds.length === 0) return [];
    query = query.where('qi.study_patient_id', 'in', [...filter.studyPatientIds]);
  }
  if (filter.instrumentId) query = query.where('qi.instrument_id', '=', filter.instrumentId);
  if (filter.open)
    query = query
      .where('qi.study_patient_id', '=', filter.open.studyPatientId)
      .where('qi.questionnaire_id', '=', filter.open.questionnaireId)
      .where('qi.state', '=', 'open');
  return query.execute();
}

/** Who may be read: every patient (`locationIds` null) or those at the locations or with a visit assigned to them. */
export type PatientScope = { locationIds: readonly string[] | null };

function completedInScope(db: Kysely<DB>, questionnaireIds: readonly string[], scope: PatientScope, now: Date) {
  let query = interviews(db, now)
    .where('qi.state', '=', 'completed')
    .where('qi.questionnaire_id', 'in', [...questionnaireIds]);
  const { locationIds } = scope;
  if (locationIds !== null)
    query = query.where((eb) =>
      locationIds.length === 0
        ? eb.lit(false)
        : eb.or([
            eb('sp.study_institute_id', 'in', [...locationIds]),
            // Patients with a visit assigned to one of the locations (ecrf-calls.md §6 NngmStudyPatientGetMyAssignedCmd).
            eb.exists(
              eb
                .selectFrom('visit as v')
                .innerJoin('study_institute as si', 'si.institute_id', 'v.assigned_institute_id')
                .select('v.id')
                .whereRef('v.study_patient_id', '=', 'sp.id')
                .where('v.is_deleted', '=', false)
                .where('si.id', 'in', [...locationIds]),
            ),
          ]),
    );
  return query;
}

/** One page of the completed interviews of the questionnaires in scope, newest first, and how many there are. */
export async function findScorePage(
  db: Kysely<DB>,
  questionnaireIds: readonly string[],
  scope: PatientScope,
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: InterviewRow[]; totalCount: number }> {
  if (questionnaireIds.length === 0) return { rows: [], totalCount: 0 };
  const base = completedInScope(db, questionnaireIds, scope, now);
  const [rows, count] = await Promise.all([
    base.orderBy('qi.completed_at', 'desc').orderBy('qi.id').offset(page.offset).limit(page.limit).execute(),
    base
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.n) };
}

export async function insertInterview(db: Kysely<DB>, values: Insertable<QuestionnaireInterviewTable>): Promise<string> {
  return (await db.insertInto('questionnaire_interview').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Updates only the version read; false when another write came first. */
export async function updateInterview(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<QuestionnaireInterviewTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('questionnaire_interview')
    .set({ ...set, version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertAccess(db: Kysely<DB>, values: Insertable<QuestionnaireAccessTable>): Promise<string> {
  return (await db.insertInto('questionnaire_access').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Revokes the interview's accesses of a kind that still open it; answers their ids. */
export async function revokeOpenAccesses(db: Kysely<DB>, interviewId: string, kind: 'patient' | 'staff', now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('questionnaire_access')
    .set({ revoked_at: now })
    .where('interview_id', '=', interviewId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The access with this code hash, locked for the submission that uses it. */
export async function findAccessByHash(db: Kysely<DB>, codeHash: string, lock: boolean): Promise<AccessRow | undefined> {
  const query = db.selectFrom('questionnaire_access').selectAll().where('code_hash', '=', codeHash);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function markAccessUsed(db: Kysely<DB>, id: string, now: Date): Promise<void> {
  await db.updateTable('questionnaire_access').set({ used_at: now }).where('id', '=', id).execute();
}

/** The instrument's patient, for an instrument that is not deleted. */
export async function findInstrumentPatient(db: Kysely<DB>, instrumentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('instrument')
    .select('study_patient_id')
    .where('id', '=', instrumentId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return row?.study_patient_id;
}

/** The study patients (not deleted) of the patient with this pseudonym, with their locations. */
export async function findStudyPatientsByPseudonym(db: Kysely<DB>, pseudonym: string): Promise<{ id: string; studyInstituteId: string }[]> {
  return db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .select(['sp.id', 'sp.study_institute_id as studyInstituteId'])
    .where('p.pseudonym', '=', pseudonym)
    .where('p.is_deleted', '=', false)
    .where('sp.is_deleted', '=', false)
    .execute();
}
