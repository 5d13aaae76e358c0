/** The queries of visits: reads (one or many, limited to locations), creation, versioned saves and updates. */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, VisitTable } from '../__generated__/database.js';

export type VisitRow = Selectable<VisitTable>;

export async function findVisitStudyPatientId(db: Kysely<DB>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('visit').select('study_patient_id').where('id', '=', id).executeTakeFirst();
  return row?.study_patient_id;
}

export type VisitRowFilter = {
  ids?: string[];
  studyId?: string;
  includeDeleted?: boolean;
  /** Only visits of study patients at these locations; null: at any location. */
  studyInstituteIds: readonly string[] | null;
};

/** Visits by study patient and order. */
export async function findVisitRows(db: Kysely<DB>, filter: VisitRowFilter): Promise<VisitRow[]> {
  if (filter.ids?.length === 0 || filter.studyInstituteIds?.length === 0) return [];
  let query = db
    .selectFrom('visit as v')
    .innerJoin('study_patient as sp', 'sp.id', 'v.study_patient_id')
    .selectAll('v')
    .orderBy('v.study_patient_id')
    .orderBy('v.sort_order')
    .orderBy('v.created_at');
  if (filter.ids) query = query.where('v.id', 'in', filter.ids);
  if (filter.studyId) query = query.where('sp.study_id', '=', filter.studyId);
  if (!filter.includeDeleted) query = query.where('v.is_deleted', '=', false).where('sp.is_deleted', '=', false);
  if (filter.studyInstituteIds) query = query.where('sp.study_institute_id', 'in', [...filter.studyInstituteIds]);
  return query.execute();
}

export async function insertVisit(db: Kysely<DB>, visit: Insertable<VisitTable>): Promise<VisitRow> {
  return db.insertInto('visit').values(visit).returningAll().executeTakeFirstOrThrow();
}

/** Saves a visit only over the version read (two racing saves cannot both win); undefined when it moved on. */
export async function saveVisitRow(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<VisitTable>,
): Promise<VisitRow | undefined> {
  return db.updateTable('visit').set(set).where('id', '=', id).where('version', '=', readVersion).returningAll().executeTakeFirst();
}

export async function updateVisitRow(db: Kysely<DB>, id: string, set: Updateable<VisitTable>): Promise<void> {
  await db.updateTable('visit').set(set).where('id', '=', id).execute();
}
