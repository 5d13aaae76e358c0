/**
 * Real answers match the OpenAPI document (issue 27 item 2): with the response check of the test harness
 * (test-support/response-check.ts) every registered route is called once, as a super administrator with records of
 * a documented patient in the path (requests built from the document, as in the rights matrix), and every JSON
 * answer — successes, refusals and the fixtures' own calls — is validated against the operation's response schema.
 * No answer may deviate, and every area (tag) must have answered at least one call successfully.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRequest, type OpenApi } from '../administration/openapi-sample.js';
import type { RouteSummary } from '../app.js';
import { EVENTS_KEY_HEADER } from '../http/route-access.js';
import { demoRegistry, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { patientRecordsAt, recordKindOf, type PatientRecords } from '../test-support/patient-records.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

type Tagged = { paths: Record<string, Record<string, { tags?: string[] }>> };

/** The event stream (text/event-stream) stays open until the client leaves. */
const STREAM = 'GET /api/v1.0/events';

let backend: TestBackend;
let document: OpenApi & Tagged;
let registry: DemoRegistry;
let makeRecords: () => Promise<PatientRecords>;
let standing: PatientRecords;
let headers: Record<string, string>;
/** Path parameters that name no patient record, and body fields the sample bodies take from here. */
let fixed: Record<string, string>;

beforeAll(async () => {
  // A database of its own: every write route is called, with records other test files must not meet.
  backend = await createTestBackend({}, undefined, { ownDatabase: true, checkResponses: true });
  document = backend.app.swagger() as unknown as OpenApi & Tagged;
  registry = await demoRegistry(backend.database);
  makeRecords = await patientRecordsAt(backend, registry, '1001');
  standing = await makeRecords();
  const admin = await createTestUser(backend.database, { role: 'SuperAdmin', institutes: ['1001'] });
  const { token, refreshToken } = await signIn(backend.app, admin.userName, admin.password);
  headers = { ...bearer(token), [EVENTS_KEY_HEADER]: backend.config.eventsApiKey };
  const definition = await backend.database.db
    .selectFrom('study_definition')
    .select('id')
    .where('study_id', '=', registry.studyId)
    .executeTakeFirstOrThrow();
  fixed = { studyId: registry.studyId, studyDefinitionId: definition.id, languageIdentifier: 'de', collection: 'icd-10-gm', refreshToken };
}, 120_000);
afterAll(() => backend?.close());

const pathParameters = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');

/** Path values: the patient's records where the parameter names one, else the fixed values. */
function pathValues(url: string, records: PatientRecords): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of pathParameters(url)) {
    const kind = recordKindOf(url, name);
    const value = kind ? records[kind] : fixed[name];
    if (value) values[name] = value;
  }
  return values;
}

async function call(route: RouteSummary): Promise<{ status: number; json: boolean }> {
  // A delete gets records of its own, so the routes after it still find the standing ones.
  const records = route.method === 'DELETE' ? await makeRecords() : standing;
  const request = sampleRequest(document, route, { path: pathValues(route.url, records), body: fixed });
  const answer = await backend.app.inject({
    method: route.method as 'GET',
    url: request.url,
    payload: request.payload,
    headers: { ...headers, ...(request.payload ? { 'content-type': 'application/json' } : {}) },
  });
  return { status: answer.statusCode, json: String(answer.headers['content-type']).includes('application/json') };
}

describe('answers against the OpenAPI document', () => {
  it('every route answers as documented, and every area answers a call successfully', async () => {
    const routes = backend.app.apiRoutes.filter((route) => `${route.method} ${route.url}` !== STREAM && route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(250);
    // Deletes last: one may remove what a later call needs (a role, a language).
    const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
    const answeredTags = new Set<string>();
    let checked = 0;
    for (const route of ordered) {
      const { status, json } = await call(route);
      if (json) checked += 1;
      const tags = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()]?.tags ?? [];
      if (status < 300) for (const tag of tags) answeredTags.add(tag);
    }
    expect(backend.responseDeviations).toEqual([]);
    expect(checked).toBeGreaterThan(250);
    const allTags = new Set(
      Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => operation.tags ?? [])),
    );
    expect([...allTags].filter((tag) => !answeredTags.has(tag))).toEqual([]);
  }, 300_000);
});
