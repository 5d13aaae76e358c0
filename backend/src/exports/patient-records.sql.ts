/**
 * What the record exports (ODM, FHIR) read: the live study patients in scope, and per batch of them their live visits
 * and instruments in the order they were documented.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { ExportScope } from '../export-content/export-content.js';

export type PatientScope = Pick<ExportScope, 'studyId' | 'locationIds'>;

/**
 * Live study patients (`sp`, with their patient `p` and definition `d`) of the study at the scope's locations (null:
 * every location); with `since`, only those whose patient, visit or instrument changed after it.
 */
export function patientsInScope(db: Kysely<DB>, scope: PatientScope, since: Date | null = null) {
  let query = db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_definition as d', 'd.id', 'sp.study_definition_id')
    .where('sp.study_id', '=', scope.studyId)
    .where('sp.is_deleted', '=', false)
    .where('p.is_deleted', '=', false);
  if (scope.locationIds !== null) {
    // An empty scope reaches no patient (`IN ()` is not valid SQL).
    query =
      scope.locationIds.length === 0
        ? query.where(sql<boolean>`false`)
        : query.where('sp.study_institute_id', 'in', [...scope.locationIds]);
  }
  if (since !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('sp.changed_at', '>', since),
        eb.exists(
          eb.selectFrom('visit as v').select('v.id').whereRef('v.study_patient_id', '=', 'sp.id').where('v.changed_at', '>', since),
        ),
        eb.exists(
          eb.selectFrom('instrument as i').select('i.id').whereRef('i.study_patient_id', '=', 'sp.id').where('i.changed_at', '>', since),
        ),
      ]),
    );
  }
  return query;
}

/** The live visits of the study patients, in the order they were documented. */
export async function visitsOfPatients(db: Kysely<DB>, studyPatientIds: readonly string[]) {
  if (studyPatientIds.length === 0) return [];
  return db
    .selectFrom('visit')
    .select([
      'id',
      'study_patient_id as studyPatientId',
      'definition_id as definitionId',
      'visit_date as visitDate',
      'changed_at as changedAt',
      'fields',
      'is_signed as isSigned',
      'signature_data as signature',
    ])
    .where('study_patient_id', 'in', [...studyPatientIds])
    .where('is_deleted', '=', false)
    .orderBy('sort_order')
    .orderBy(sql`visit_date nulls last`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The live instruments of the study patients (in visits and standalone), by order. */
export async function instrumentsOfPatients(db: Kysely<DB>, studyPatientIds: readonly string[]) {
  if (studyPatientIds.length === 0) return [];
  return db
    .selectFrom('instrument')
    .select([
      'id',
      'study_patient_id as studyPatientId',
      'visit_id as visitId',
      'definition_id as definitionId',
      'changed_at as changedAt',
      'fields',
    ])
    .where('study_patient_id', 'in', [...studyPatientIds])
    .where('is_deleted', '=', false)
    .orderBy('sort_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
