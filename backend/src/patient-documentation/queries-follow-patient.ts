/**
 * Queries follow their patient (ecrf-calls.md §3 "Data query"): when a study patient moves to another location, the
 * queries about it (not location queries) move with it, each audited with its old and new location.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, type AuditActor } from '../audit/audit.service.js';

/** Moves the queries about a patient (not location queries) to its new location; answers the moved ones as they were. */
async function moveQueriesOfPatient(
  db: Kysely<DB>,
  move: { studyPatientId: string; studyInstituteId: string; changedAt: Date },
): Promise<{ id: string; studyInstituteId: string }[]> {
  const moved = await db
    .updateTable('data_query as dq')
    .from('data_query as before')
    .set({ study_institute_id: move.studyInstituteId, changed_at: move.changedAt })
    .whereRef('before.id', '=', 'dq.id')
    .where('dq.study_patient_id', '=', move.studyPatientId)
    .where('dq.study_institute_id', '<>', move.studyInstituteId)
    .returning(['dq.id as id', 'before.study_institute_id as studyInstituteId'])
    .execute();
  return moved;
}

/**
 * A patient moved to another location takes its queries along, so the new location's staff answer them and the
 * old one no longer sees them. Each moved query is audited; the thread is unchanged (a move is not a query action).
 */
export async function moveQueriesWithPatient(
  trx: Kysely<DB>,
  move: { studyPatientId: string; studyInstituteId: string; actor: AuditActor; now: Date },
): Promise<void> {
  const moved = await moveQueriesOfPatient(trx, {
    studyPatientId: move.studyPatientId,
    studyInstituteId: move.studyInstituteId,
    changedAt: move.now,
  });
  for (const query of moved) {
    await audit(trx, {
      actor: move.actor,
      tableName: 'data_query',
      recordId: query.id,
      operation: 'Update',
      oldValue: { studyInstituteId: query.studyInstituteId },
      newValue: { studyInstituteId: move.studyInstituteId },
    });
  }
}
