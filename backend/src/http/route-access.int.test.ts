import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../credentials/tokens.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

/** The route's URL with every path parameter filled by a fresh id. */
const concrete = (url: string): string => url.replace(/:[A-Za-z]+/g, () => randomUUID());
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

describe('route access', () => {
  it('registers the public routes the brief names and nothing else public', () => {
    const publicRoutes = backend.app.apiRoutes.filter((route) => 'public' in route.access).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      // The FHIR CapabilityStatement: it describes the server, no data (FHIR convention; docs/decisions.md).
      'GET /api/v1.0/fhir/metadata',
      'HEAD /api/v1.0/connectivity',
      'POST /api/v1.0/Auth',
      'POST /api/v1.0/Auth/refreshLogin',
      // The patient's side of a questionnaire access: the access code is the credential (docs/decisions.md).
      'POST /api/v1.0/SynQuest/access/answers',
      'POST /api/v1.0/SynQuest/access/questionnaire',
      'PUT /api/v1.0/User/passwordReset',
      'PUT /api/v1.0/User/sendPasswordRecoveryEmail',
    ]);
  });

  it('answers 401 on every protected route without a token, with a forged and with an expired one', async () => {
    const protectedRoutes = backend.app.apiRoutes.filter((route) => !('public' in route.access));
    expect(protectedRoutes.length).toBeGreaterThan(20);
    const user = await createTestUser(backend.database, { role: 'SuperAdmin' });
    const forged = await signAccessToken(
      { userId: user.id, role: 'SuperAdmin', sessionId: randomUUID() },
      new TextEncoder().encode('x'.repeat(32)),
      900,
    );
    const expired = await signAccessToken(
      { userId: user.id, role: 'SuperAdmin', sessionId: randomUUID() },
      backend.config.jwtSecret,
      60,
      new Date(Date.now() - 3600_000),
    );
    const headerSets: Array<Record<string, string>> = [
      {},
      bearer('garbage'),
      bearer(forged.token),
      bearer(expired.token),
      { authorization: 'Basic abc' },
    ];
    for (const route of protectedRoutes) {
      for (const headers of headerSets) {
        const response = await backend.app.inject({
          method: route.method as Method,
          url: concrete(route.url),
          headers,
          payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        // The FHIR routes answer an OperationOutcome carrying the same code.
        const body =
          route.method === 'HEAD' ? null : response.json<{ code?: string; issue?: { details?: { coding?: { code: string }[] } }[] }>();
        if (body) expect(body.code ?? body.issue?.[0]?.details?.coding?.[0]?.code).toBe('ECRF_ERR_UNAUTHENTICATED');
      }
    }
  });

  it('answers 401 for a valid token of a deactivated user', async () => {
    const user = await createTestUser(backend.database);
    const tokens = await signIn(backend.app, user.userName, user.password);
    await backend.database.db.updateTable('app_user').set({ is_deactivated: true }).where('id', '=', user.id).execute();
    const response = await backend.app.inject({ method: 'GET', url: '/api/v1.0/User/current', headers: bearer(tokens.token) });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 with ECRF_ERR_FORBIDDEN when the right is missing, and SUPER_RIGHT grants it', async () => {
    const researcher = await createTestUser(backend.database, { role: 'Researcher' });
    const superAdmin = await createTestUser(backend.database, { role: 'SuperAdmin' });
    const researcherTokens = await signIn(backend.app, researcher.userName, researcher.password);
    const superTokens = await signIn(backend.app, superAdmin.userName, superAdmin.password);
    const denied = await backend.app.inject({ method: 'GET', url: '/api/v1.0/User', headers: bearer(researcherTokens.token) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      statusCode: 403,
      code: 'ECRF_ERR_FORBIDDEN',
      error: 'Forbidden',
      message: ACCESS_MESSAGES.missingRight('UserGetAllCmd'),
    });
    const allowed = await backend.app.inject({ method: 'GET', url: '/api/v1.0/User', headers: bearer(superTokens.token) });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers validation errors with 400 ECRF_ERR_VALIDATION and unknown routes with 404', async () => {
    const invalid = await backend.app.inject({ method: 'POST', url: '/api/v1.0/Auth', payload: { userName: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ code: string; message: string }>()).toMatchObject({
      code: 'ECRF_ERR_VALIDATION',
      message: expect.stringContaining('Passwort'),
    });
    const missing = await backend.app.inject({ method: 'GET', url: '/api/v1.0/NoSuchThing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('ECRF_ERR_NOT_FOUND');
  });

  it('serves the OpenAPI document and the connectivity probe without a token', async () => {
    const docs = await backend.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    expect((await backend.app.inject({ method: 'HEAD', url: '/api/v1.0/connectivity' })).statusCode).toBe(200);
  });
});
