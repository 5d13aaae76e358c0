/** The queries of case process steps (ecrf-core.md §4 "Case process step"). */
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CaseProcessStepTable, DB } from '../__generated__/database.js';

export type CaseProcessStepRow = Selectable<CaseProcessStepTable>;

/** The steps of a visit, or of every visit of a study patient. */
export async function findSteps(db: Kysely<DB>, of: { visitId: string } | { studyPatientId: string }): Promise<CaseProcessStepRow[]> {
  const query = db.selectFrom('case_process_step').selectAll();
  return ('visitId' in of ? query.where('visit_id', '=', of.visitId) : query.where('study_patient_id', '=', of.studyPatientId)).execute();
}

export async function findStep(db: Kysely<DB>, id: string): Promise<CaseProcessStepRow | undefined> {
  return db.selectFrom('case_process_step').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStep(db: Kysely<DB>, step: Insertable<CaseProcessStepTable>): Promise<CaseProcessStepRow> {
  return db.insertInto('case_process_step').values(step).returningAll().executeTakeFirstOrThrow();
}

/** Updates a step only over the version read; undefined when it moved on. */
export async function updateStep(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<CaseProcessStepTable>,
): Promise<CaseProcessStepRow | undefined> {
  return db
    .updateTable('case_process_step')
    .set(set)
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .returningAll()
    .executeTakeFirst();
}
