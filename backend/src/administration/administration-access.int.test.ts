/**
 * Issue 3 "Done when": every call of the administration area appears in the OpenAPI document and answers
 * 403 to a signed-in caller without its right. Requests are built from the OpenAPI document itself
 * (valid parameters and bodies), so the refusal is the right check, not validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRightlessUser, createTestBackend, signIn, type TestBackend } from '../test-support/test-backend.js';
import { sampleRequest, type OpenApi } from './openapi-sample.js';

let backend: TestBackend;
let token: string;
let rightless: Awaited<ReturnType<typeof createRightlessUser>>;
beforeAll(async () => {
  backend = await createTestBackend();
  rightless = await createRightlessUser(backend.database);
  token = (await signIn(backend.app, rightless.userName, rightless.password)).token;
});
afterAll(async () => {
  await rightless.remove();
  await backend.close();
});

/** The calls of issue 3 (ecrf-calls.md §7 "User, role, right and system", StudyInstitute, audit). */
const AREA = /^\/api\/v1\.0\/(User|Role|Right|Institute|StudyInstitute|nms_system_api|AuditTrail|AuditLog)(\/|$)/;
/** Calls every signed-in user may make for themself (own account, own locations), or that are public. */
const OWN = new Set([
  'GET /api/v1.0/User/current',
  'PUT /api/v1.0/User/password',
  'GET /api/v1.0/Right/currentUser',
  'GET /api/v1.0/StudyInstitute/my',
  'PUT /api/v1.0/User/sendPasswordRecoveryEmail',
  'PUT /api/v1.0/User/passwordReset',
]);

describe('administration calls', () => {
  it('appear in the OpenAPI document with an operationId and answer 403 without the right', async () => {
    const document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const routes = backend.app.apiRoutes.filter((route) => AREA.test(route.url) && !OWN.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const request = sampleRequest(document, route);
      expect(request.operationId, `${route.method} ${route.url} in OpenAPI`).toBeTruthy();
      const response = await backend.app.inject({
        method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: request.url,
        payload: request.payload,
        headers: { ...bearer(token), ...(request.payload ? { 'content-type': 'application/json' } : {}) },
      });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(403);
      expect(response.json<{ code: string }>().code).toBe('ECRF_ERR_FORBIDDEN');
    }
  });

  it('offers no call that alters or removes an audit entry', () => {
    const writes = backend.app.apiRoutes.filter((route) => /Audit/.test(route.url) && route.method !== 'GET');
    expect(writes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'POST /api/v1.0/AuditLog/Events',
      'POST /api/v1.0/AuditLog/Log',
    ]);
  });
});
