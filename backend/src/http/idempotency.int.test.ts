import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { IDEMPOTENCY_KEPT_MS } from './idempotency.js';

let backend: TestBackend;
let token: string;
let otherToken: string;
beforeAll(async () => {
  backend = await createTestBackend();
  const admin = await createTestUser(backend.database, { role: 'SuperAdmin' });
  const other = await createTestUser(backend.database, { role: 'SuperAdmin' });
  token = (await signIn(backend.app, admin.userName, admin.password)).token;
  otherToken = (await signIn(backend.app, other.userName, other.password)).token;
});
afterAll(() => backend.close());

const createRight = (identifier: string, key: string, as = token) =>
  backend.app.inject({
    method: 'POST',
    url: '/api/v1.0/Right',
    headers: { ...bearer(as), 'idempotency-key': key },
    payload: { identifier },
  });

const rightsNamed = async (identifier: string) =>
  (await backend.database.db.selectFrom('app_right').select('id').where('identifier', '=', identifier).execute()).length;

/** Issue 15 item 7: Stripe's semantics for a retried create. */
describe('Idempotency-Key', () => {
  it('answers a retry with the same key and body with the first answer and creates nothing twice', async () => {
    const identifier = `IdemCmd_${Date.now()}`;
    const key = randomUUID();
    const first = await createRight(identifier, key);
    expect(first.statusCode).toBe(200);
    const retry = await createRight(identifier, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await rightsNamed(identifier)).toBe(1);
  });

  it('refuses the same key with another body with 422 and changes nothing', async () => {
    const key = randomUUID();
    expect((await createRight(`IdemA_${Date.now()}`, key)).statusCode).toBe(200);
    const other = `IdemB_${Date.now()}`;
    const reused = await createRight(other, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json<{ code: string }>().code).toBe('ECRF_ERR_IDEMPOTENCY_KEY_REUSED');
    expect(await rightsNamed(other)).toBe(0);
  });

  it('keeps keys per user, and for 24 hours only', async () => {
    const key = randomUUID();
    const identifier = `IdemC_${Date.now()}`;
    expect((await createRight(identifier, key)).statusCode).toBe(200);
    // Another user's key of the same text is another key: their request runs (and meets the existing right).
    expect((await createRight(identifier, key, otherToken)).statusCode).toBe(409);
    await backend.database.db
      .updateTable('idempotency_key')
      .set({ created_at: new Date(Date.now() - IDEMPOTENCY_KEPT_MS - 60_000) })
      .where('key', '=', key)
      .execute();
    // After 24 hours the key is forgotten: the request runs again.
    const later = await createRight(identifier, key);
    expect(later.statusCode).toBe(409);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a refusal too, as Stripe does', async () => {
    const key = randomUUID();
    const refused = await createRight('mit-bindestrich', key);
    expect(refused.statusCode).toBe(400);
    const again = await createRight('mit-bindestrich', key);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([400, 'true']);
  });
});
