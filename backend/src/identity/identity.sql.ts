/**
 * The queries of the links between registry patients and their identity at the pseudonymisation service
 * (patient_identity_link: id type and pseudonym only, never IDAT).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { ID_TYPE } from './mainzelliste.client.js';

export type PatientLink = { patientId: string; pseudonym: string };

/**
 * The linked patients among `patientIds`, by patient id; deleted ones only when asked. With locations,
 * only patients with a study patient at one of them.
 */
export async function findLinksOfPatients(
  db: Kysely<DB>,
  filter: { patientIds: readonly string[]; includeDeleted: boolean; studyInstituteIds: readonly string[] | null },
): Promise<PatientLink[]> {
  const locations = filter.studyInstituteIds;
  if (filter.patientIds.length === 0 || locations?.length === 0) return [];
  let query = db
    .selectFrom('patient as p')
    .innerJoin('patient_identity_link as l', 'l.patient_id', 'p.id')
    .select(['p.id as patientId', 'l.id_string as pseudonym'])
    .where('p.id', 'in', [...filter.patientIds])
    .where('l.id_type', '=', ID_TYPE);
  if (!filter.includeDeleted) query = query.where('p.is_deleted', '=', false);
  if (locations) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('study_patient as sp')
          .select('sp.id')
          .whereRef('sp.patient_id', '=', 'p.id')
          .where('sp.study_institute_id', 'in', [...locations])
          .$if(!filter.includeDeleted, (q) => q.where('sp.is_deleted', '=', false)),
      ),
    );
  }
  return query.orderBy('p.id').execute();
}

export async function findLinkOfPatient(db: Kysely<DB>, patientId: string): Promise<PatientLink | undefined> {
  return db
    .selectFrom('patient_identity_link')
    .select(['patient_id as patientId', 'id_string as pseudonym'])
    .where('patient_id', '=', patientId)
    .where('id_type', '=', ID_TYPE)
    .executeTakeFirst();
}

/** The registry patient linked to the pseudonym. */
export async function patientIdOfLink(db: Kysely<DB>, pseudonym: string): Promise<string | undefined> {
  const link = await db
    .selectFrom('patient_identity_link')
    .select('patient_id')
    .where('id_type', '=', ID_TYPE)
    .where('id_string', '=', pseudonym)
    .executeTakeFirst();
  return link?.patient_id;
}

/** A link of the patient, or of the pseudonym, if either is linked already. */
export async function existingLink(db: Kysely<DB>, patientId: string, pseudonym: string) {
  return db
    .selectFrom('patient_identity_link')
    .select(['patient_id', 'id_string'])
    .where((eb) => eb.or([eb('patient_id', '=', patientId), eb.and([eb('id_type', '=', ID_TYPE), eb('id_string', '=', pseudonym)])]))
    .executeTakeFirst();
}

/** Stores a link; answers when it was made. */
export async function insertLink(db: Kysely<DB>, link: PatientLink & { linkedBy: string }): Promise<Date> {
  const row = await db
    .insertInto('patient_identity_link')
    .values({ patient_id: link.patientId, id_type: ID_TYPE, id_string: link.pseudonym, linked_by: link.linkedBy })
    .returning('linked_at')
    .executeTakeFirstOrThrow();
  return row.linked_at;
}

/** The links of the pseudonyms, or all links. */
export async function findLinksOfPseudonyms(db: Kysely<DB>, pseudonyms: readonly string[] | 'all') {
  if (pseudonyms !== 'all' && pseudonyms.length === 0) return [];
  let query = db.selectFrom('patient_identity_link').select(['patient_id', 'id_string']).where('id_type', '=', ID_TYPE);
  if (pseudonyms !== 'all') query = query.where('id_string', 'in', [...pseudonyms]);
  return query.execute();
}

/** The linked study patients (not deleted) at the locations that belong to the institute, by pseudonym. */
export async function findLinkedStudyPatients(
  db: Kysely<DB>,
  filter: { instituteId: string; studyInstituteIds: readonly string[]; pseudonym?: string },
) {
  if (filter.studyInstituteIds.length === 0) return [];
  return db
    .selectFrom('study_patient as sp')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id')
    .innerJoin('patient_identity_link as l', 'l.patient_id', 'sp.patient_id')
    .select(['sp.id', 'sp.patient_id as patientId', 'l.id_string as pseudonym', 'sp.study_institute_id as studyInstituteId'])
    .where('si.institute_id', '=', filter.instituteId)
    .where('sp.study_institute_id', 'in', [...filter.studyInstituteIds])
    .where('sp.is_deleted', '=', false)
    .where('l.id_type', '=', ID_TYPE)
    .$if(filter.pseudonym !== undefined, (q) => q.where('l.id_string', '=', filter.pseudonym ?? ''))
    .orderBy('l.id_string')
    .execute();
}

/** The study patients among `studyPatientIds` whose patient has an identity linked. */
export async function studyPatientsWithIdentity(db: Kysely<DB>, studyPatientIds: readonly string[]): Promise<Set<string>> {
  if (studyPatientIds.length === 0) return new Set();
  const linked = await db
    .selectFrom('study_patient as sp')
    .innerJoin('patient_identity_link as l', 'l.patient_id', 'sp.patient_id')
    .select('sp.id')
    .where('sp.id', 'in', [...studyPatientIds])
    .where('l.id_type', '=', ID_TYPE)
    .execute();
  return new Set(linked.map((row) => row.id));
}
