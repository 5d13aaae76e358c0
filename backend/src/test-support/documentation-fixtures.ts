/**
 * Fixtures of the patient documentation tests (issue 5): the demo registry's ids, field inputs by
 * identifier, and a fresh study patient at a demo location with its baseline visit. Every call creates
 * new patients, so tests never depend on what others stored (STYLE.md "isolate with fresh ids").
 */
import type { DataFieldInstance, DefinitionIndex } from '@ecrf/rules';
import type { App } from '../app-deps.js';
import type { Database } from '../db/database.js';
import type { FieldInput } from '../instruments/field-instance.schemas.js';
import type { InstrumentDto, VisitDto } from '../study-patients/patient-documents.js';
import { fieldDefinitionId, valueField } from '../study-definitions/field-paths.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { definitionIndex } from '../study-patients/definition-cache.js';
import { bearer } from './test-backend.js';

export type DemoRegistry = { studyId: string; locationOf: (identifier: string) => string; index: DefinitionIndex };

export async function demoRegistry(database: Database): Promise<DemoRegistry> {
  const { db } = database;
  const study = await db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow();
  const locations = await db
    .selectFrom('study_institute as si')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select(['si.id', 'i.identifier'])
    .where('si.study_id', '=', study.id)
    .execute();
  const definition = await currentDefinitionOf(db, study.id);
  if (!definition) throw new Error('the demo registry has no study definition');
  return {
    studyId: study.id,
    locationOf: (identifier) => locations.find((l) => l.identifier === identifier)?.id ?? '',
    index: await definitionIndex(db, definition.id, definition.version),
  };
}

export { fieldDefinitionId, valueField };

/** The stored instance at an identifier path (first match). */
export function fieldAt(index: DefinitionIndex, fields: readonly DataFieldInstance[], path: string): DataFieldInstance | undefined {
  let level = fields;
  let match: DataFieldInstance | undefined;
  for (const segment of path.split('.')) {
    match = level.find((f) => index.fieldById.get(f.definitionId)?.identifier === segment && f.isDeleted !== true);
    if (!match) return undefined;
    level = match.childFields;
  }
  return match;
}

export type Api = {
  get: <T>(url: string) => Promise<{ status: number; body: T }>;
  send: <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<{ status: number; body: T }>;
};

export function api(app: App, token: string): Api {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url: `/api/v1.0/${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
  };
  return { get: (url) => call('GET', url), send: (method, url, payload) => call(method, url, payload) };
}

export type PatientWithBaseline = { studyPatientId: string; baseline: VisitDto };

export async function createPatientWithBaseline(
  client: Api,
  registry: DemoRegistry,
  location = '1001',
  baselineDate = '2023-02-01',
): Promise<PatientWithBaseline> {
  const created = await client.send<{ id: string }>('POST', 'NngmStudyPatient', {
    studyId: registry.studyId,
    studyInstituteId: registry.locationOf(location),
  });
  if (created.status !== 201) throw new Error(`study patient not created: ${created.status} ${JSON.stringify(created.body)}`);
  const baselineDefinition = registry.index.visitByIdentifier.get('baseline');
  const visit = await client.send<VisitDto>('POST', 'Visit', {
    studyPatientId: created.body.id,
    definitionId: baselineDefinition?.id,
    visitDate: baselineDate,
    fields: [valueField(fieldDefinitionId(registry.index, 'baseline', 'baseline_date'), baselineDate)],
  });
  if (visit.status !== 201) throw new Error(`baseline not created: ${visit.status} ${JSON.stringify(visit.body)}`);
  return { studyPatientId: created.body.id, baseline: visit.body };
}

export async function createInstrument(
  client: Api,
  registry: DemoRegistry,
  studyPatientId: string,
  visitId: string | null,
  identifier: string,
  fields: FieldInput[] = [],
): Promise<InstrumentDto> {
  const definition = registry.index.instrumentByIdentifier.get(identifier);
  const response = await client.send<InstrumentDto>('POST', 'Instrument', {
    studyPatientId,
    visitId,
    definitionId: definition?.id,
    fields,
  });
  if (response.status !== 201) throw new Error(`instrument ${identifier} not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
