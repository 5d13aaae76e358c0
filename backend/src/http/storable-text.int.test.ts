import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend();
  const admin = await createTestUser(backend.database, { role: 'SuperAdmin' });
  token = (await signIn(backend.app, admin.userName, admin.password)).token;
});
afterAll(() => backend.close());

type Refusal = { statusCode: number; code: string; message: string };

/** Issue 15 item 4: input PostgreSQL cannot store answers 400 with a clear message, never 500. */
describe('text that cannot be stored', () => {
  it.each([
    ['User search', '/User?search=a%00b', 'querystring/search'],
    ['User/count', '/User/count?search=%00', 'querystring/search'],
    ['AuditTrail tableName', '/AuditTrail?tableName=user%00', 'querystring/tableName'],
    ['User/name', '/User/name/casemanager%00', 'params/userName'],
    ['Role/name', '/Role/name/CaseManager%00', 'params/name'],
  ])('refuses %00 in %s with 400', async (_name, url, where) => {
    const response = await backend.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    const body = response.json<Refusal>();
    expect(body.code).toBe('ECRF_ERR_VALIDATION');
    expect(body.message).toContain(where);
    expect(body.message).toContain('enthält ein Nullzeichen oder ein einzelnes Surrogat');
  });

  it.each([
    ['a NUL character', '{"userName":"case\\u0000manager","password":"x"}', 'body/userName'],
    ['a lone surrogate', '{"userName":"case\\ud800manager","password":"x"}', 'body/userName'],
    ['a NUL character in a key', '{"userName":"casemanager","password":"x","\\u0000":1}', 'body/\u0000'],
  ])('refuses a JSON body with %s with 400', async (_name, payload, where) => {
    const response = await backend.app.inject({
      method: 'POST',
      url: '/api/v1.0/Auth',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Refusal>().message).toContain(where);
  });

  it('keeps well-formed text outside the basic plane (a surrogate pair) storable', async () => {
    const response = await backend.app.inject({
      method: 'GET',
      url: `/api/v1.0/User?search=${encodeURIComponent('Zoë 😀')}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
  });
});
