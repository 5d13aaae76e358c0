/**
 * Issue 11 "Done when": the catalogue's query, template and verification calls are all offered (OpenAPI)
 * and each answers 403 without its right. Requests are built from the published document, so the refusal
 * is the right check, not validation. A role holding every right of the area but the route's own is
 * refused too, so each route checks its own right and no other.
 */
import { allRightNames, type RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRequest, type OpenApi } from '../administration/openapi-sample.js';
import { bearer, createRightlessUser, createTestBackend, signIn, type TestBackend } from '../test-support/test-backend.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

let backend: TestBackend;
let token: string;
let rightless: Awaited<ReturnType<typeof createRightlessUser>>;
let document: OpenApi;
beforeAll(async () => {
  backend = await createTestBackend();
  rightless = await createRightlessUser(backend.database);
  token = (await signIn(backend.app, rightless.userName, rightless.password)).token;
  document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
});
afterAll(async () => {
  await rightless.remove();
  await backend.close();
});

const AREA = /^\/api\/v1\.0\/(Query|QueryTemplate|DataVerificationFlag|Dashboard)(\/|$)/;
/** The catalogue's query, template and verification flag calls (ecrf-calls.md §7 "Queries"). */
const areaRights: RightName[] = allRightNames.filter((right) => /^(Query|DataVerificationFlag)/.test(right));
const routes = () => (backend ? backend.app.apiRoutes.filter((route) => AREA.test(route.url)) : []);
const rightOf = (route: { access: object }) => ('right' in route.access ? (route.access.right as RightName) : null);

async function call(route: { method: string; url: string }) {
  const request = sampleRequest(document, route);
  expect(request.operationId, `${route.method} ${route.url} in OpenAPI`).toBeTruthy();
  return backend.app.inject({
    method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: request.url,
    payload: request.payload,
    headers: { ...bearer(token), ...(request.payload ? { 'content-type': 'application/json' } : {}) },
  });
}

describe('query, template and verification calls', () => {
  it('guard every right of the catalogue’s query and verification calls', () => {
    const guarded = new Set(routes().map(rightOf));
    expect(areaRights).toHaveLength(22);
    for (const right of areaRights) expect(guarded.has(right), right).toBe(true);
  });

  it('answer 403 to a caller without any right', async () => {
    expect(routes().length).toBeGreaterThanOrEqual(30);
    for (const route of routes()) {
      const response = await call(route);
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('ECRF_ERR_FORBIDDEN');
    }
  });

  it('answer 403 to a caller with every other right of the area but the route’s own', async () => {
    const { db } = backend.database;
    const user = await db.selectFrom('app_user').select('role_id').where('id', '=', rightless.id).executeTakeFirstOrThrow();
    const rights = await db
      .selectFrom('app_right')
      .select(['id', 'identifier'])
      .where('identifier', 'in', [...areaRights, 'StudyPatientGetMyCmd'])
      .execute();
    await db
      .insertInto('role_right')
      .values(rights.map((r) => ({ role_id: user.role_id, right_id: r.id })))
      .execute();
    try {
      for (const route of routes()) {
        const own = rights.find((r) => r.identifier === rightOf(route));
        expect(own, `${route.method} ${route.url}`).toBeDefined();
        await db
          .deleteFrom('role_right')
          .where('role_id', '=', user.role_id)
          .where('right_id', '=', own?.id ?? '')
          .execute();
        const response = await call(route);
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(ACCESS_MESSAGES.missingRight(own?.identifier ?? ''));
        await db
          .insertInto('role_right')
          .values({ role_id: user.role_id, right_id: own?.id ?? '' })
          .execute();
      }
    } finally {
      await db.deleteFrom('role_right').where('role_id', '=', user.role_id).execute();
    }
  });
});
