/**
 * The rights matrix (issue 15 items 5 and 10): every REST route × every seeded role, generated from the routes'
 * access declarations (`app.apiRoutes`). A user of each role works at location A (1001). A role without the
 * route's right is refused with 403; a role with it never is. Routes addressing a patient record by id are
 * called with a record at A, one at B (2002) and an unknown id: at A the record is found, at B it answers as
 * the unknown id does (404), unless the role sees every patient. Requests are built from the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSummary } from '../app.js';
import { sampleRequest, type OpenApi } from '../administration/openapi-sample.js';
import { EVENTS_KEY_HEADER, type RouteAccess } from '../http/route-access.js';
import { demoRegistry } from '../test-support/documentation-fixtures.js';
import { bodyValuesOf, patientRecordsAt, recordKindOf, type PatientRecords } from '../test-support/patient-records.js';
import { bearer, createTestUser, signIn, type TestBackend, createTestBackend } from '../test-support/test-backend.js';
import { roleIdentifiers, type RoleIdentifier } from './role-rights.js';
import { guardedRoutes, rightAllows, seededRights } from './route-matrix.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

/** `body` with ids replaced: an answer naming the id it was asked for reveals nothing more. */
type Answer = { status: number; code?: string; message?: string; body: string };
type Place = 'own' | 'foreign' | 'unknown';

/** Ids no record has, of every kind: what a hidden record must answer like. */
const unknownRecords = (): PatientRecords =>
  Object.fromEntries(Object.keys(standing.own).map((kind) => [kind, '00000000-0000-4000-8000-00000000dead'])) as PatientRecords;

/** Parallel requests per batch: one backend, a small database pool. */
const BATCH = 6;

let backend: TestBackend;
let document: OpenApi;
let tokens: Map<RoleIdentifier, string>;
let recordsAt: Record<'own' | 'foreign', () => Promise<PatientRecords>>;
let standing: Record<'own' | 'foreign', PatientRecords>;
let studyId: string;

beforeAll(async () => {
  // A database of its own: the matrix calls every write route, whose sample records other test files must not meet.
  backend = await createTestBackend({}, undefined, { ownDatabase: true, checkResponses: true });
  document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  const registry = await demoRegistry(backend.database);
  studyId = registry.studyId;
  recordsAt = { own: await patientRecordsAt(backend, registry, '1001'), foreign: await patientRecordsAt(backend, registry, '2002') };
  standing = { own: await recordsAt.own(), foreign: await recordsAt.foreign() };
  tokens = new Map();
  for (const role of roleIdentifiers) {
    const user = await createTestUser(backend.database, { role, institutes: ['1001'] });
    tokens.set(role, (await signIn(backend.app, user.userName, user.password)).token);
  }
}, 120_000);
afterAll(() => backend?.close());

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const pathParameters = (url: string): string[] => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
const recordParameters = (url: string) => pathParameters(url).filter((name) => recordKindOf(url, name));
const addressesRecord = (route: RouteSummary): boolean => recordParameters(route.url).length > 0;

/** Path parameters from `records`; the body names `bodyRecords` (those of the path unless told). */
function valuesFor(url: string, records: PatientRecords | undefined, bodyRecords = records) {
  if (!records || !bodyRecords) return {};
  const path = Object.fromEntries(recordParameters(url).map((name) => [name, records[recordKindOf(url, name) ?? 'studyPatient']]));
  return { path, body: bodyValuesOf(bodyRecords, studyId) };
}

async function call(
  route: RouteSummary,
  headers: Record<string, string>,
  records?: PatientRecords,
  bodyRecords?: PatientRecords,
): Promise<Answer> {
  const request = sampleRequest(document, route, valuesFor(route.url, records, bodyRecords));
  const response = await backend.app.inject({
    method: route.method as 'GET',
    url: request.url,
    payload: request.payload,
    headers: { ...headers, ...(request.payload ? { 'content-type': 'application/json' } : {}) },
  });
  const body =
    response.body && String(response.headers['content-type']).includes('json')
      ? response.json<{ code?: string; message?: string; issue?: { diagnostics?: string }[] }>()
      : {};
  // The FHIR routes answer refusals as OperationOutcome: the message is its issue's diagnostics.
  const message = body.message ?? body.issue?.[0]?.diagnostics;
  return { status: response.statusCode, code: body.code, message, body: response.body.replace(UUIDS, '{id}') };
}

/** The route's own refusal (route-access.ts), not a handler's check of a further right. */
function refusedByRoute(access: RouteAccess, answer: Answer): boolean {
  if (answer.status !== 403 || !('right' in access || 'anyRight' in access)) return false;
  const expected = 'anyRight' in access ? ACCESS_MESSAGES.missingOneRight(access.anyRight) : ACCESS_MESSAGES.missingRight(access.right);
  return answer.message === expected;
}

const show = (answer: Answer): string => `${answer.status} ${answer.body.slice(0, 160)}`;

/** Answers as for a record that does not exist (404, or an empty list): nothing tells that it does. */
const hidden = (answer: Answer, unknown: Answer): boolean => answer.status === unknown.status && answer.body === unknown.body;

/**
 * Which queries a role sees follows the query rules (query type × role × location, proven in
 * data-queries.int.test.ts), so the own location's query may be hidden from a role holding the right.
 */
const ruledByQueryType = (route: RouteSummary): boolean => route.url.startsWith('/api/v1.0/Query/');

/** Records a route that deletes get made fresh per call; the others use the standing ones. */
const recordsFor = (route: RouteSummary, place: 'own' | 'foreign') => (route.method === 'DELETE' ? recordsAt[place]() : standing[place]);

async function check(role: RoleIdentifier, route: RouteSummary): Promise<string[]> {
  const rights = seededRights(role);
  const headers = bearer(tokens.get(role) ?? '');
  const where = `${role} ${route.method} ${route.url}`;
  if (!rightAllows(route.access, rights)) {
    const answer = await call(route, headers, addressesRecord(route) ? standing.own : undefined);
    return refusedByRoute(route.access, answer) ? [] : [`${where}: expected 403, got ${show(answer)}`];
  }
  if (!addressesRecord(route)) {
    const answer = await call(route, headers);
    return refusedByRoute(route.access, answer) ? [`${where}: refused although the role holds the right`] : [];
  }
  const foreign = await recordsFor(route, 'foreign');
  const answers: Record<Place, Answer> = {
    own: await call(route, headers, await recordsFor(route, 'own')),
    foreign: await call(route, headers, foreign),
    // Only the record the path asks for is unknown; the body names the foreign patient as above.
    unknown: await call(route, headers, unknownRecords(), foreign),
  };
  const seesEveryPatient = rights.has('SUPER_RIGHT') || rights.has('StudyPatientGetAllCmd');
  const problems: string[] = [];
  const visible: Place[] = seesEveryPatient ? ['own', 'foreign'] : ['own'];
  for (const place of visible) {
    const answer = answers[place];
    // A handler's refusal of an action for the role (QUERY_ACTION_REFUSED) is a rule of the record, not of access.
    if (answer.code === 'ECRF_ERR_FORBIDDEN' || (!ruledByQueryType(route) && hidden(answer, answers.unknown))) {
      problems.push(`${where} (${place} location): expected the record found, got ${show(answer)}`);
    }
  }
  if (!seesEveryPatient && !hidden(answers.foreign, answers.unknown)) {
    problems.push(`${where} (foreign location): expected ${show(answers.unknown)} as for an unknown id, got ${show(answers.foreign)}`);
  }
  return problems;
}

async function inBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R[]>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += BATCH) {
    results.push(...(await Promise.all(items.slice(start, start + BATCH).map(run))).flat());
  }
  return results;
}

describe('the rights matrix: every route × every seeded role', () => {
  it('covers every route of the OpenAPI document and every kind of patient record', () => {
    const routes = backend.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(250);
    for (const route of routes) expect(sampleRequest(document, route).operationId, `${route.method} ${route.url}`).toBeTruthy();
    const kinds = new Set(routes.flatMap(({ url }) => recordParameters(url).map((name) => recordKindOf(url, name))));
    expect([...kinds].sort()).toEqual(Object.keys(standing.own).sort());
  });

  it.each(roleIdentifiers.map((role) => [role]))(
    '%s: 403 exactly without the right; own location found, foreign as unknown',
    async (role) => {
      const routes = guardedRoutes(backend.app.apiRoutes);
      // Deleting routes last, so the standing records stay for the others.
      const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
      const problems = await inBatches(ordered, (route) => check(role, route));
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it('public routes need no token; event routes need the events key, not a user token', async () => {
    const superAdmin = bearer(tokens.get('SuperAdmin') ?? '');
    for (const route of backend.app.apiRoutes) {
      const where = `${route.method} ${route.url}`;
      if ('public' in route.access) {
        expect((await call(route, {})).message, where).not.toBe(ACCESS_MESSAGES.noToken);
      }
      if ('eventsKey' in route.access) {
        for (const headers of [{}, superAdmin, { [EVENTS_KEY_HEADER]: 'wrong' }] as Record<string, string>[]) {
          expect(await call(route, headers), where).toMatchObject({ status: 401, message: ACCESS_MESSAGES.eventsKey });
        }
      }
    }
    const since = await backend.app.inject({
      method: 'GET',
      url: '/api/v1.0/events/since',
      headers: { [EVENTS_KEY_HEADER]: backend.config.eventsApiKey },
    });
    expect(since.statusCode).toBe(200);
  });

  it('every answer of the matrix, refusals included, matches the OpenAPI document (test-support/response-check.ts)', () => {
    expect(backend.responseDeviations).toEqual([]);
  });
});
