/**
 * Issue 3 "Done when": every call of the administration area appears in the OpenAPI document and answers
 * 403 to a signed-in caller without its right. Requests are built from the OpenAPI document itself
 * (valid parameters and bodies), so the refusal is the right check, not validation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password-hash.js';
import { bearer, createTestBackend, signIn, TEST_PASSWORD, type TestBackend } from '../test-support/test-backend.js';
import { sampleOf, type JsonSchema } from './openapi-sample.js';

let backend: TestBackend;
let token: string;
let roleId: string;
let userId: string;
beforeAll(async () => {
  backend = await createTestBackend();
  const { db } = backend.database;
  // A role without any right: every guarded call must refuse it.
  roleId = (
    await db
      .insertInto('role')
      .values({ identifier: `NoRights_${randomUUID().slice(0, 8)}`, display_name: 'Ohne Rechte' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const userName = `t_${randomUUID().slice(0, 8)}_norights`;
  userId = (
    await db
      .insertInto('app_user')
      .values({ user_name: userName, display_name: 'Ohne Rechte', role_id: roleId, password_hash: await hashPassword(TEST_PASSWORD) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  token = (await signIn(backend.app, userName, TEST_PASSWORD)).token;
});
afterAll(async () => {
  // The extra role would change the role count other test files see on a shared PostgreSQL database.
  const { db } = backend.database;
  await db.deleteFrom('refresh_token').where('user_id', '=', userId).execute();
  await db.deleteFrom('app_user').where('id', '=', userId).execute();
  await db.deleteFrom('role').where('id', '=', roleId).execute();
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

type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema };
type OpenApiOperation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
};
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>>; components: { schemas: Record<string, JsonSchema> } };

describe('administration calls', () => {
  it('appear in the OpenAPI document with an operationId and answer 403 without the right', async () => {
    const document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const routes = backend.app.apiRoutes.filter((route) => AREA.test(route.url) && !OWN.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${path} in OpenAPI`).toBeTruthy();
      let url = path;
      const query = new URLSearchParams();
      for (const parameter of operation?.parameters ?? []) {
        const value = String(sampleOf(parameter.schema));
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, value);
        else if (parameter.required) query.set(parameter.name, value);
      }
      const bodySchema = operation?.requestBody?.content['application/json'].schema;
      const response = await backend.app.inject({
        method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: query.size > 0 ? `${url}?${query}` : url,
        headers: bearer(token),
        payload: bodySchema ? JSON.stringify(sampleOf(bodySchema)) : undefined,
        ...(bodySchema ? { headers: { ...bearer(token), 'content-type': 'application/json' } } : {}),
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
