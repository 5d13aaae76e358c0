/** The queries of research projects and their patient assignments (ecrf-calls.md §7 "Projects"). */
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, ProjectAssignmentTable } from '../__generated__/database.js';

export type ProjectRow = Selectable<DB['project']>;
export type ProjectAssignmentRow = Selectable<ProjectAssignmentTable> & {
  projectIdentifier: string;
  projectDisplayName: string;
  projectDescription: string;
  pseudonym: string;
  studyInstituteId: string;
};

export async function findProjects(db: Kysely<DB>, filter: { id?: string; includeDeleted?: boolean } = {}): Promise<ProjectRow[]> {
  let query = db.selectFrom('project').selectAll().orderBy('display_name').orderBy('id');
  if (filter.id) query = query.where('id', '=', filter.id);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  return query.execute();
}

/** Assignments with their project and patient, optionally of one project, one patient or one assignment. */
export async function findAssignments(
  db: Kysely<DB>,
  filter: { id?: string; projectId?: string; studyPatientId?: string },
): Promise<ProjectAssignmentRow[]> {
  let query = db
    .selectFrom('project_assignment as pa')
    .innerJoin('project as pr', 'pr.id', 'pa.project_id')
    .innerJoin('study_patient as sp', 'sp.id', 'pa.study_patient_id')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .selectAll('pa')
    .select([
      'pr.identifier as projectIdentifier',
      'pr.display_name as projectDisplayName',
      'pr.description as projectDescription',
      'p.pseudonym',
      'sp.study_institute_id as studyInstituteId',
    ])
    .where('sp.is_deleted', '=', false)
    .orderBy('pr.display_name')
    .orderBy('pa.assigned_from')
    .orderBy('pa.id');
  if (filter.id) query = query.where('pa.id', '=', filter.id);
  if (filter.projectId) query = query.where('pa.project_id', '=', filter.projectId);
  if (filter.studyPatientId) query = query.where('pa.study_patient_id', '=', filter.studyPatientId);
  return query.execute();
}

export async function insertAssignment(db: Kysely<DB>, values: Insertable<ProjectAssignmentTable>): Promise<string> {
  const row = await db.insertInto('project_assignment').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only the version read; false when another write came first. */
export async function updateAssignment(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<ProjectAssignmentTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('project_assignment')
    .set({ ...set, version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteAssignment(db: Kysely<DB>, id: string, readVersion: number): Promise<boolean> {
  const result = await db.deleteFrom('project_assignment').where('id', '=', id).where('version', '=', readVersion).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Records a sign-in of the user to the project; true when it is their first. */
export async function upsertProjectUser(db: Kysely<DB>, projectId: string, userId: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('project_user')
    .values({ project_id: projectId, user_id: userId, last_login_at: at })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doUpdateSet({ last_login_at: at }))
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted;
}

export async function isProjectUser(db: Kysely<DB>, projectId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_user')
    .select('user_id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
