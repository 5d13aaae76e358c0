/**
 * The queries of the FHIR export: the live study patients in scope (with `since`: those whose patient, visit or
 * instrument changed after it), counted and streamed, and per batch their visits and instruments with the
 * times they last changed (the `_since` of Bulk Data and each resource's meta.lastUpdated).
 */
import type { DataFieldInstance } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import { patientsInScope, type PatientScope } from '../patient-records.sql.js';

type Scope = PatientScope;

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
