/**
 * Fixtures of the patient documentation tests (issue 5): the demo registry's ids, field inputs by
 * identifier, and a fresh study patient at a demo location with its baseline visit. Every call creates
 * new patients, so tests never depend on what others stored (STYLE.md "isolate with fresh ids").
 */
import type { DataFieldInstance, DefinitionIndex } from '@ecrf/rules';
import type { App } from '../app-deps.js';
import type { Database } from '../db/database.js';
import type { FieldInput } from '../patient-documentation/field-instance.schemas.js';
import type { InstrumentDto, VisitDto } from '../patient-documentation/patient-documents.js';
import { fieldDefinitionId, formInput, valueField } from '../patient-documentation/field-paths.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
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

/** A follow-up visit with its four instruments documented completely (state COMPLETE, so it can be signed). */
export async function createCompleteFollowUp(
  client: Api,
  registry: DemoRegistry,
  studyPatientId: string,
  date = '2023-05-02',
): Promise<VisitDto> {
  const { index } = registry;
  const visit = await client.send<VisitDto>('POST', 'Visit', {
    studyPatientId,
    definitionId: index.visitByIdentifier.get('fu')?.id,
    visitDate: date,
    fields: formInput(index, 'fu', { fu_date: date }),
  });
  if (visit.status !== 201) throw new Error(`follow-up not created: ${visit.status} ${JSON.stringify(visit.body)}`);
  const instruments: Record<string, Record<string, string>> = {
    staging: { tnm_version: '8', 'tnm.t': '2a', 'tnm.n': '0', 'tnm.m': '0', uicc_stage: 'IB' },
    performance: { ecog: '1', ecog_date: date },
    disease_status: { assess_date: date, overall: 'K' },
    vital_status: { status: 'alive', last_contact_date: date },
  };
  for (const [identifier, values] of Object.entries(instruments))
    await createInstrument(client, registry, studyPatientId, visit.body.id, identifier, formInput(index, identifier, values));
  const complete = await client.get<VisitDto>(`Visit/${visit.body.id}`);
  if (complete.body.state !== 'complete') throw new Error(`the follow-up is ${complete.body.state}, not complete`);
  return complete.body;
}
