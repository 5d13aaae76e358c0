/** The queries of patients (pseudonyms only: identities live in the pseudonymisation service). */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, PatientTable } from '../__generated__/database.js';

export type PatientFilter = {
  ids?: string[];
  includeDeleted?: boolean;
  /** Only patients with a study patient at one of these locations. */
  studyInstituteIds?: readonly string[];
};

/** Patients by pseudonym, shaped as the API's Patient. */
export async function findPatients(db: Kysely<DB>, filter: PatientFilter) {
  if (filter.ids?.length === 0 || filter.studyInstituteIds?.length === 0) return [];
  let query = db
    .selectFrom('patient as p')
    .select(['p.id', 'p.pseudonym', 'p.registration_date', 'p.is_ml_patient', 'p.linked_user_id', 'p.is_deleted'])
    .orderBy('p.pseudonym');
  if (filter.ids) query = query.where('p.id', 'in', filter.ids);
  if (!filter.includeDeleted) query = query.where('p.is_deleted', '=', false);
  const locations = filter.studyInstituteIds;
  if (locations) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('study_patient as sp')
          .select('sp.id')
          .whereRef('sp.patient_id', '=', 'p.id')
          .where('sp.study_institute_id', 'in', [...locations]),
      ),
    );
  }
  return (await query.execute()).map((p) => ({
    id: p.id,
    patientId: p.pseudonym,
    displayName: p.pseudonym,
    registrationDate: p.registration_date,
    isMlPatient: p.is_ml_patient,
    linkedUserId: p.linked_user_id,
    isDeleted: p.is_deleted,
  }));
}

/** The patient with the pseudonym, deleted or not. */
export async function patientIdOfPseudonym(db: Kysely<DB>, pseudonym: string): Promise<string | undefined> {
  const row = await db.selectFrom('patient').select('id').where('pseudonym', '=', pseudonym).executeTakeFirst();
  return row?.id;
}

/** The patients (not deleted) among the pseudonyms. */
export async function findLivePatientsByPseudonyms(db: Kysely<DB>, pseudonyms: readonly string[]) {
  if (pseudonyms.length === 0) return [];
  return db
    .selectFrom('patient')
    .select(['id', 'pseudonym'])
    .where('is_deleted', '=', false)
    .where('pseudonym', 'in', [...pseudonyms])
    .execute();
}

/** Inserts a patient; answers its id and its registration date (today unless given). */
export async function insertPatient(db: Kysely<DB>, patient: Insertable<PatientTable>) {
  return db.insertInto('patient').values(patient).returning(['id', 'registration_date']).executeTakeFirstOrThrow();
}

export async function updatePatientRow(db: Kysely<DB>, id: string, set: Updateable<PatientTable>): Promise<void> {
  await db.updateTable('patient').set(set).where('id', '=', id).execute();
}
