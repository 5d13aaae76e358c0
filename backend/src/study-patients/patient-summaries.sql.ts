/**
 * What the patient table shows of a page's patients beyond their rows (issue 14): the states of their live
 * visits and whether an identity is linked (identity.sql.ts; also part of the patient context). Two indexed queries per page, so
 * a list needs no patient contexts and the pseudonymisation service is asked only for patients that have an identity.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { studyPatientsWithIdentity } from '../identity/identity.sql.js';

export type VisitSummary = { id: string; state: 'new' | 'missing_data' | 'complete'; order: number };
export type PatientSummary = { visits: VisitSummary[]; hasIdentity: boolean };

/** The summary of each study patient, by id; live visits by order. */
export async function findPatientSummaries(db: Kysely<DB>, studyPatientIds: readonly string[]): Promise<Map<string, PatientSummary>> {
  if (studyPatientIds.length === 0) return new Map();
  const ids = [...studyPatientIds];
  const [visits, withIdentity] = await Promise.all([
    db
      .selectFrom('visit')
      .select(['id', 'study_patient_id', 'state', 'sort_order'])
      .where('study_patient_id', 'in', ids)
      .where('is_deleted', '=', false)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    studyPatientsWithIdentity(db, ids),
  ]);
  const summaries = new Map(ids.map((id): [string, PatientSummary] => [id, { visits: [], hasIdentity: withIdentity.has(id) }]));
  for (const visit of visits) {
    summaries.get(visit.study_patient_id)?.visits.push({ id: visit.id, state: visit.state, order: visit.sort_order });
  }
  return summaries;
}
