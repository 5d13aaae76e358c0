/** The queries of studies (table study; deletion is soft). */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

export type StudyRow = { id: string; identifier: string; displayName: string; isDeleted: boolean };

/** Studies by identifier: all, or the one with the id; deleted ones only when asked. */
export async function findStudies(db: Kysely<DB>, filter: { id?: string; includeDeleted?: boolean } = {}): Promise<StudyRow[]> {
  let query = db
    .selectFrom('study')
    .select(['id', 'identifier', 'display_name as displayName', 'is_deleted as isDeleted'])
    .orderBy('identifier');
  if (filter.id) query = query.where('id', '=', filter.id);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  return query.execute();
}

/** The studies of the live locations the user is assigned to. */
/** Studies with a live location of the user; `null` for every live location (the super right). */
export async function findStudiesOfUser(db: Kysely<DB>, userId: string | null): Promise<Omit<StudyRow, 'isDeleted'>[]> {
  return db
    .selectFrom('study as s')
    .select(['s.id', 's.identifier', 's.display_name as displayName'])
    .where('s.id', 'in', (eb) => {
      const live = eb.selectFrom('study_institute as si').select('si.study_id').where('si.is_deleted', '=', false);
      return userId === null
        ? live
        : live.where('si.id', 'in', eb.selectFrom('study_institute_user').select('study_institute_id').where('user_id', '=', userId));
    })
    .orderBy('s.identifier')
    .execute();
}

/** The id of the study with the identifier; deleted ones count only when asked. */
export async function studyIdOf(db: Kysely<DB>, identifier: string, options: { includeDeleted: boolean }): Promise<string | undefined> {
  let query = db.selectFrom('study').select('id').where('identifier', '=', identifier);
  if (!options.includeDeleted) query = query.where('is_deleted', '=', false);
  return (await query.executeTakeFirst())?.id;
}

/** Whether a study other than `exceptId` has the identifier. */
export async function studyIdentifierTaken(db: Kysely<DB>, identifier: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('study').select('id').where('identifier', '=', identifier);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertStudy(db: Kysely<DB>, study: { identifier: string; displayName: string }): Promise<string> {
  const row = await db
    .insertInto('study')
    .values({ identifier: study.identifier, display_name: study.displayName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStudyRow(db: Kysely<DB>, id: string, study: { identifier: string; displayName: string }): Promise<void> {
  await db.updateTable('study').set({ identifier: study.identifier, display_name: study.displayName }).where('id', '=', id).execute();
}

export async function markStudyDeleted(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable('study').set({ is_deleted: true }).where('id', '=', id).execute();
}
