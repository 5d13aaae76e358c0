/**
 * The queries of the FHIR export: the live study patients in scope (with `since`: those whose patient, visit or
 * instrument changed after it), counted and streamed, and per batch their visits and instruments with the
 * times they last changed (the `_since` of Bulk Data and each resource's meta.lastUpdated).
 */
import type { DataFieldInstance } from '@ecrf/rules';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import type { ExportScope } from '../../export-content/export-content.js';

type Scope = Pick<ExportScope, 'studyId' | 'locationIds'>;

function patientsInScope(db: Kysely<DB>, scope: Scope, since: Date | null) {
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

export async function countFhirPatients(db: Kysely<DB>, scope: Scope, since: Date | null): Promise<number> {
  const row = await patientsInScope(db, scope, since)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type FhirPatientRow = {
  id: string;
  pseudonym: string;
  changedAt: Date;
  definitionId: string;
  definitionIdentifier: string;
  definitionVersion: number;
  fields: DataFieldInstance[];
};

export function streamFhirPatients(
  db: Kysely<DB>,
  scope: Scope,
  since: Date | null,
  chunkSize: number,
): AsyncIterableIterator<FhirPatientRow> {
  return patientsInScope(db, scope, since)
    .select([
      'sp.id',
      'p.pseudonym',
      'sp.changed_at as changedAt',
      'sp.study_definition_id as definitionId',
      'd.identifier as definitionIdentifier',
      'sp.definition_version as definitionVersion',
      'sp.fields',
    ])
    .orderBy('p.pseudonym')
    .orderBy('sp.id')
    .stream(chunkSize);
}

/** The live visits of the study patients, in the order they were documented. */
export async function fhirVisits(db: Kysely<DB>, studyPatientIds: readonly string[]) {
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
export async function fhirInstruments(db: Kysely<DB>, studyPatientIds: readonly string[]) {
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
