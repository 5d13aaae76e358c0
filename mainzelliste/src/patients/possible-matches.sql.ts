/** Queries on mainzelliste.possible_match (migrations/0004_possible_match.sql), the clerical review list. */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

export type ReviewDecision = 'same' | 'apart';
export type OpenReview = { patientId: number; candidateId: number };

/** Holds a tentatively created patient against the stored patient it possibly matched. */
export async function insertPossibleMatch(db: Kysely<DB>, patientId: number, candidateId: number): Promise<void> {
  await db.insertInto('possible_match').values({ patient_id: patientId, candidate_id: candidateId }).execute();
}

/** The pairs not yet decided, oldest first. */
export async function listOpenReviews(db: Kysely<DB>): Promise<OpenReview[]> {
  const rows = await db
    .selectFrom('possible_match')
    .select(['patient_id', 'candidate_id'])
    .where('decision', 'is', null)
    .orderBy('created_at')
    .orderBy('patient_id')
    .execute();
  return rows.map((row) => ({ patientId: row.patient_id, candidateId: row.candidate_id }));
}

/**
 * Records the decision on the open pair of a tentative patient; 'apart' also makes the patient and its
 * pseudonyms definite. Null when the patient has no open pair.
 */
export async function decideReview(db: Kysely<DB>, patientId: number, decision: ReviewDecision): Promise<OpenReview | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('possible_match')
      .set({ decision, decided_at: new Date() })
      .where('patient_id', '=', patientId)
      .where('decision', 'is', null)
      .returning(['patient_id', 'candidate_id'])
      .executeTakeFirst();
    if (!row) return null;
    if (decision === 'apart') {
      await trx.updateTable('patient').set({ tentative: false, updated_at: new Date() }).where('id', '=', patientId).execute();
      await trx.updateTable('patient_id').set({ tentative: false }).where('patient_id', '=', patientId).execute();
    }
    return { patientId: row.patient_id, candidateId: row.candidate_id };
  });
}
