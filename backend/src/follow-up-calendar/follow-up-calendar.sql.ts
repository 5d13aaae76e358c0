/** What the follow-up calendar reads: the study's patients at given locations with their visits and instruments. */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { findStudyPatients } from '../patient-documentation/study-patients.sql.js';

/** Patients not deleted; every location when `studyInstituteIds` is undefined. */
export function calendarPatients(db: Kysely<DB>, studyId: string, studyInstituteIds: readonly string[] | undefined) {
  return findStudyPatients(db, { studyId, studyInstituteIds });
}

/** The visits and instruments (not deleted) of the patients, in two queries whatever their number. */
export async function documentsOf(db: Kysely<DB>, studyPatientIds: readonly string[]) {
  if (studyPatientIds.length === 0) return { visits: [], instruments: [] };
  const [visits, instruments] = await Promise.all([
    db
      .selectFrom('visit')
      .select(['id', 'study_patient_id', 'definition_id', 'fields', 'visit_date', 'state'])
      .where('study_patient_id', 'in', [...studyPatientIds])
      .where('is_deleted', '=', false)
      .execute(),
    db
      .selectFrom('instrument')
      .select(['id', 'study_patient_id', 'visit_id', 'definition_id', 'fields'])
      .where('study_patient_id', 'in', [...studyPatientIds])
      .where('is_deleted', '=', false)
      .execute(),
  ]);
  return { visits, instruments };
}
