/**
 * Issue 12: every Onkozert and safety call of the catalogue is offered (OpenAPI) and answers 403 without its
 * right, also to a caller holding every other right of both areas, so each route checks its own right.
 */
import type { RightName } from '@ecrf/rules';
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

const AREA_RIGHTS: RightName[] = [
  'OnkozertImportCmd',
  'OnkozertImportsGetCmd',
  'OnkozertImportsDownloadCmd',
  'SafetyReportGetCmd',
  'SafetyScreeningReportGetCmd',
  'SafetyScreeningConfigurationGetCmd',
  'SafetyScreeningConfigurationUpdateCmd',
];
const routes = () => backend.app.apiRoutes.filter((route) => /^\/api\/v1\.0\/(Onkozert|Safety)\//.test(route.url));
const rightOf = (route: { access: object }) => ('right' in route.access ? (route.access.right as RightName) : null);

async function call(route: { method: string; url: string }) {
  const request = sampleRequest(document, route);
  expect(request.operationId, `${route.method} ${route.url} in OpenAPI`).toBeTruthy();
  return backend.app.inject({
    method: route.method as 'GET' | 'POST' | 'PUT',
    url: request.url,
    payload: request.payload,
    headers: { ...bearer(token), ...(request.payload ? { 'content-type': 'application/json' } : {}) },
  });
}

describe('Onkozert and safety calls', () => {
  it('are offered, one per right of the two areas (the import right also lists the locations to import for)', () => {
    expect(routes().map(rightOf).sort()).toEqual([...AREA_RIGHTS, 'OnkozertImportCmd'].sort());
  });

  it('answer 403 to a caller with every other right of both areas but the route’s own', async () => {
    const { db } = backend.database;
    const user = await db.selectFrom('app_user').select('role_id').where('id', '=', rightless.id).executeTakeFirstOrThrow();
    const rights = await db.selectFrom('app_right').select(['id', 'identifier']).where('identifier', 'in', AREA_RIGHTS).execute();
    try {
      for (const route of routes()) {
        const others = rights.filter((r) => r.identifier !== rightOf(route));
        await db.deleteFrom('role_right').where('role_id', '=', user.role_id).execute();
        await db
          .insertInto('role_right')
          .values(others.map((r) => ({ role_id: user.role_id, right_id: r.id })))
          .execute();
        const response = await call(route);
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(ACCESS_MESSAGES.missingRight(rightOf(route) ?? ''));
      }
    } finally {
      await db.deleteFrom('role_right').where('role_id', '=', user.role_id).execute();
    }
  });
});
