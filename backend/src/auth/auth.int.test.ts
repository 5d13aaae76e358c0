import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetOpenSessions } from '../credentials/sessions.js';
import { sha256 } from '../credentials/tokens.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const signInRequest = (userName: string, password: string) =>
  backend.app.inject({ method: 'POST', url: '/api/v1.0/Auth', payload: { userName, password } });
const refresh = (refreshToken: string) =>
  backend.app.inject({ method: 'POST', url: '/api/v1.0/Auth/refreshLogin', payload: { refreshToken } });

async function auditEvents(userId: string): Promise<string[]> {
  const rows = await backend.database.db.selectFrom('audit_trail').select('event').where('record_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => row.event ?? '');
}

describe('POST /Auth', () => {
  it('signs in and the token opens protected routes', async () => {
    const user = await createTestUser(backend.database);
    const response = await signInRequest(user.userName.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; refreshToken: string; expiresAt: string; userId: string }>();
    expect(body.userId).toBe(user.id);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const current = await backend.app.inject({ method: 'GET', url: '/api/v1.0/User/current', headers: bearer(body.token) });
    expect(current.json<{ id: string }>().id).toBe(user.id);
    expect(await auditEvents(user.id)).toContain('SignInSucceeded');
  });

  it('answers 401 for a wrong password and for an unknown user, with the same code', async () => {
    const user = await createTestUser(backend.database);
    const wrong = await signInRequest(user.userName, 'Falsch-Passwort1');
    const unknown = await signInRequest(`nobody_${user.userName}`, 'Falsch-Passwort1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, code: 'ECRF_ERR_INVALID_CREDENTIALS', error: 'Unauthorized' });
    }
  });

  it('answers 403 for a deactivated account with the right password, 401 with a wrong one', async () => {
    const user = await createTestUser(backend.database, { deactivated: true });
    const right = await signInRequest(user.userName, user.password);
    expect(right.statusCode).toBe(403);
    expect(right.json<{ code: string }>().code).toBe('ECRF_ERR_ACCOUNT_DEACTIVATED');
    expect((await signInRequest(user.userName, 'Falsch-Passwort1')).statusCode).toBe(401);
  });

  it('locks the account after 5 consecutive failures, even for the right password, and audits it', async () => {
    const user = await createTestUser(backend.database);
    const codes: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) codes.push((await signInRequest(user.userName, 'Falsch-Passwort1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 423]);
    const locked = await signInRequest(user.userName, user.password);
    expect(locked.statusCode).toBe(423);
    const body = locked.json<{ code: string; lockedUntil: string }>();
    expect(body.code).toBe('ECRF_ERR_ACCOUNT_LOCKED');
    const minutes = (new Date(body.lockedUntil).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    const events = await auditEvents(user.id);
    expect(events.filter((event) => event === 'SignInFailed')).toHaveLength(5);
    expect(events).toContain('AccountLocked');
    expect(events).toContain('SignInRefusedLocked');
  });

  it('starts counting afresh once the lock has expired, and a success resets the count', async () => {
    const user = await createTestUser(backend.database);
    await backend.database.db
      .updateTable('app_user')
      .set({ failed_sign_in_count: 5, locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', user.id)
      .execute();
    expect((await signInRequest(user.userName, 'Falsch-Passwort1')).statusCode).toBe(401);
    expect((await signInRequest(user.userName, user.password)).statusCode).toBe(200);
    const row = await backend.database.db
      .selectFrom('app_user')
      .select(['failed_sign_in_count', 'locked_until'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_sign_in_count: 0, locked_until: null });
  });
});

describe('POST /Auth/refreshLogin', () => {
  it('rotates: the new pair works, the old refresh token does not', async () => {
    const user = await createTestUser(backend.database);
    const first = await signIn(backend.app, user.userName, user.password);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ token: string; refreshToken: string }>();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const current = await backend.app.inject({ method: 'GET', url: '/api/v1.0/User/current', headers: bearer(second.token) });
    expect(current.statusCode).toBe(200);
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'ECRF_ERR_REFRESH_TOKEN_EXPIRED', message: 'refresh token expired' });
  });

  it('detects reuse: replaying a used token revokes the whole family, audited', async () => {
    const user = await createTestUser(backend.database);
    const first = await signIn(backend.app, user.userName, user.password);
    const second = (await refresh(first.refreshToken)).json<{ refreshToken: string }>();
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    const afterReuse = await refresh(second.refreshToken);
    expect(afterReuse.statusCode).toBe(401);
    expect(afterReuse.json<{ message: string }>().message).toBe('refresh token expired');
    expect(await auditEvents(user.id)).toContain('SignInSucceeded');
    const reuse = await backend.database.db
      .selectFrom('audit_trail')
      .select('user_id')
      .where('event', '=', 'RefreshTokenReuseDetected')
      .where('user_id', '=', user.id)
      .execute();
    expect(reuse).toHaveLength(1);
  });

  it('refuses an expired family and an unknown token with the message of ecrf-core.md §8', async () => {
    const user = await createTestUser(backend.database);
    const tokens = await signIn(backend.app, user.userName, user.password);
    await backend.database.db
      .updateTable('refresh_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    for (const token of [tokens.refreshToken, 'unknown-token']) {
      const response = await refresh(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        code: 'ECRF_ERR_REFRESH_TOKEN_EXPIRED',
        error: 'Unauthorized',
        message: 'refresh token expired',
      });
    }
  });

  it('keeps the family lifetime counted from sign-in across rotations', async () => {
    const user = await createTestUser(backend.database);
    const first = await signIn(backend.app, user.userName, user.password);
    await refresh(first.refreshToken);
    const rows = await backend.database.db
      .selectFrom('refresh_token')
      .select(['family_id', 'expires_at'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.family_id)).size).toBe(1);
    expect(new Set(rows.map((row) => row.expires_at.getTime())).size).toBe(1);
  });
});

describe('DELETE /Auth/{userId}', () => {
  it('lets a user revoke their own refresh tokens', async () => {
    const user = await createTestUser(backend.database);
    const tokens = await signIn(backend.app, user.userName, user.password);
    const response = await backend.app.inject({ method: 'DELETE', url: `/api/v1.0/Auth/${user.id}`, headers: bearer(tokens.token) });
    expect(response.statusCode).toBe(204);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    // The access token ends with the session at once, not after its 15 minutes (issue 15).
    const after = await backend.app.inject({ method: 'GET', url: '/api/v1.0/User/current', headers: bearer(tokens.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json<{ message: string }>().message).toBe(ACCESS_MESSAGES.sessionEnded);
  });

  it('ends the access token of a session revoked elsewhere, and of a deactivated account, at once', async () => {
    const user = await createTestUser(backend.database);
    const first = await signIn(backend.app, user.userName, user.password);
    const second = await signIn(backend.app, user.userName, user.password);
    const current = (token: string) => backend.app.inject({ method: 'GET', url: '/api/v1.0/User/current', headers: bearer(token) });
    expect((await current(first.token)).statusCode).toBe(200);
    // Another replica revokes the first session: after the short cache, this one refuses its token too.
    await backend.database.db
      .updateTable('refresh_token')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', sha256(first.refreshToken))
      .execute();
    forgetOpenSessions();
    expect((await current(first.token)).statusCode).toBe(401);
    expect((await current(second.token)).statusCode).toBe(200);

    const admin = await createTestUser(backend.database, { role: 'SuperAdmin' });
    const adminTokens = await signIn(backend.app, admin.userName, admin.password);
    const deactivated = await backend.app.inject({
      method: 'PUT',
      url: `/api/v1.0/User/${user.id}/Deactivate`,
      headers: bearer(adminTokens.token),
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await current(second.token)).statusCode).toBe(401);
  });

  it('needs AuthDeleteCmd for another user', async () => {
    const target = await createTestUser(backend.database);
    const targetTokens = await signIn(backend.app, target.userName, target.password);
    const physician = await createTestUser(backend.database, { role: 'Physician' });
    const admin = await createTestUser(backend.database, { role: 'AdminMedSyn' });
    const physicianTokens = await signIn(backend.app, physician.userName, physician.password);
    const denied = await backend.app.inject({
      method: 'DELETE',
      url: `/api/v1.0/Auth/${target.id}`,
      headers: bearer(physicianTokens.token),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ code: string }>().code).toBe('ECRF_ERR_FORBIDDEN');
    const adminTokens = await signIn(backend.app, admin.userName, admin.password);
    const allowed = await backend.app.inject({ method: 'DELETE', url: `/api/v1.0/Auth/${target.id}`, headers: bearer(adminTokens.token) });
    expect(allowed.statusCode).toBe(204);
    expect((await refresh(targetTokens.refreshToken)).statusCode).toBe(401);
  });
});
