import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords.js';
import { bearer, createTestBackend, createTestUser, isTestRole, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const get = (url: string, token: string) => backend.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers: bearer(token) });
const changePassword = (token: string, body: Record<string, string>) =>
  backend.app.inject({ method: 'PUT', url: '/api/v1.0/User/password', headers: bearer(token), payload: body });

describe('user reads', () => {
  it('GET /User/current shows the signed-in user with role and person data, never secrets', async () => {
    const user = await createTestUser(backend.database, { role: 'Physician' });
    const { token } = await signIn(backend.app, user.userName, user.password);
    const response = await get('/User/current', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      userName: user.userName,
      displayName: 'Test Physician',
      emailAddress: user.emailAddress,
      role: { id: expect.any(String), identifier: 'Physician', displayName: 'Arzt' },
      personData: { title: 'Dr.' },
      isDeactivated: false,
      isDeleted: false,
    });
  });

  it('GET /StudyInstitute/my lists the locations of the demo case manager (Köln, Essen)', async () => {
    const { token } = await signIn(backend.app, 'casemanager', 'Demo-Passwort1');
    const response = await get('/StudyInstitute/my', token);
    expect(response.statusCode).toBe(200);
    const locations =
      response.json<
        Array<{ identifier: string; displayName: string; additionalInfo: { isDigiNet: boolean }; users: Array<{ userName: string }> }>
      >();
    expect(locations.map((l) => `${l.identifier} - ${l.displayName}`)).toEqual([
      '1001 - Universitätsklinikum Köln',
      '2002 - Klinikum Essen',
    ]);
    expect(locations.map((l) => l.additionalInfo.isDigiNet)).toEqual([true, false]);
    expect(locations[0]?.users.map((u) => u.userName)).toContain('casemanager');
  });

  it('GET /StudyInstitute/my is empty for a user without locations', async () => {
    const user = await createTestUser(backend.database, { role: 'Researcher' });
    const { token } = await signIn(backend.app, user.userName, user.password);
    expect((await get('/StudyInstitute/my', token)).json()).toEqual([]);
  });

  it('reads users, roles, rights and locations by id, name and in batches', async () => {
    const admin = await createTestUser(backend.database, { role: 'SuperAdmin' });
    const other = await createTestUser(backend.database, { role: 'Documentalist', institutes: ['3003'] });
    const { token } = await signIn(backend.app, admin.userName, admin.password);
    const batch = (await get(`/User?ids=${admin.id},${other.id}`, token)).json<Array<{ id: string }>>();
    expect(batch.map((u) => u.id).sort()).toEqual([admin.id, other.id].sort());
    expect((await get(`/User/name/${other.userName.toUpperCase()}`, token)).json<{ id: string }>().id).toBe(other.id);
    expect((await get(`/User/${other.id}`, token)).json<{ userName: string }>().userName).toBe(other.userName);
    expect((await get('/User/00000000-0000-4000-8000-000000000000', token)).statusCode).toBe(404);
    expect((await get('/User/count', token)).json<{ count: number }>().count).toBeGreaterThanOrEqual(2);

    const complete = (await get(`/User/${other.id}/complete`, token)).json<{
      role: { identifier: string };
      rights: Array<{ identifier: string }>;
      studyInstitutes: Array<{ identifier: string }>;
    }>();
    expect(complete.role.identifier).toBe('Documentalist');
    expect(complete.rights.map((r) => r.identifier)).toContain('PatientGetMyCmd');
    expect(complete.studyInstitutes.map((s) => s.identifier)).toEqual(['3003']);

    const roles = (await get('/Role', token)).json<Array<{ identifier: string }>>();
    expect(roles.map((r) => r.identifier)).toContain('PMNNGM');
    expect(roles.filter((r) => !isTestRole(r.identifier))).toHaveLength(17);
    expect((await get('/Role/count', token)).json<{ count: number }>().count).toBeGreaterThanOrEqual(17);
    const role = (await get('/Role/name/CaseManager', token)).json<{ id: string; displayName: string }>();
    expect((await get(`/Role/${role.id}`, token)).json<{ identifier: string }>().identifier).toBe('CaseManager');
    const right = (await get('/Right/name/SUPER_RIGHT', token)).json<{ id: string }>();
    expect((await get(`/Right/${right.id}`, token)).json<{ identifier: string }>().identifier).toBe('SUPER_RIGHT');
    expect((await get('/Right/currentUser', token)).json<Array<{ identifier: string }>>().map((r) => r.identifier)).toEqual([
      'SUPER_RIGHT',
    ]);

    const locations = (await get('/StudyInstitute', token)).json<Array<{ id: string; identifier: string }>>();
    const [first, second] = locations;
    const pair = (await get(`/StudyInstitute?ids=${first?.id},${second?.id}`, token)).json<Array<{ id: string }>>();
    expect(pair).toHaveLength(2);
    expect((await get(`/StudyInstitute/${first?.id}`, token)).json<{ identifier: string }>().identifier).toBe(first?.identifier);
    const institutes = (await get('/Institute', token)).json<Array<{ id: string; identifier: string }>>();
    expect(institutes.map((i) => i.identifier)).toEqual(expect.arrayContaining(['1001', '2002', '3003']));
    expect((await get('/environment', token)).json()).toEqual({ environment: 'development', version: '1.30.6' });
  });

  it('lets a user read themself by id without UserGetByIdCmd but not others', async () => {
    const user = await createTestUser(backend.database, { role: 'Documentalist' });
    const other = await createTestUser(backend.database, { role: 'Documentalist' });
    const { token } = await signIn(backend.app, user.userName, user.password);
    expect((await get(`/User/${user.id}`, token)).statusCode).toBe(200);
    expect((await get(`/User/${other.id}`, token)).statusCode).toBe(403);
    expect((await get('/Right/currentUser', token)).json<Array<{ identifier: string }>>().map((r) => r.identifier)).toContain(
      'UserGetCurrentCmd',
    );
  });
});

describe('PUT /User/password', () => {
  it('enforces the rules of ecrf-core.md §5 and changes the password', async () => {
    const user = await createTestUser(backend.database);
    const { token } = await signIn(backend.app, user.userName, user.password);
    const weak = await changePassword(token, { id: user.id, oldPasswordString: user.password, newPasswordString: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'ECRF_ERR_WEAK_PASSWORD',
      messages: ['Mindestens 6 Zeichen', 'Mindestens 1 Großbuchstaben', 'Mindestens eine Zahl'],
    });
    // Meets the rules of §5 but is a common password (issue 15).
    const common = await changePassword(token, { id: user.id, oldPasswordString: user.password, newPasswordString: 'Passwort123!' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'ECRF_ERR_WEAK_PASSWORD', messages: [COMMON_PASSWORD_MESSAGE] });
    const same = await changePassword(token, { id: user.id, oldPasswordString: user.password, newPasswordString: user.password });
    expect(same.json()).toMatchObject({ code: 'ECRF_ERR_WEAK_PASSWORD', message: 'Das alte und neue Passwort muss unterschiedlich sein' });
    const wrongOld = await changePassword(token, {
      id: user.id,
      oldPasswordString: 'Nicht-Richtig1',
      newPasswordString: 'Neues-Passwort2',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json<{ code: string }>().code).toBe('ECRF_ERR_WRONG_PASSWORD');
    const other = await createTestUser(backend.database);
    const foreign = await changePassword(token, { id: other.id, oldPasswordString: other.password, newPasswordString: 'Neues-Passwort2' });
    expect(foreign.statusCode).toBe(403);

    const done = await changePassword(token, { id: user.id, oldPasswordString: user.password, newPasswordString: 'Neues-Passwort2' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ passwordChanged: true });
    await expect(signIn(backend.app, user.userName, user.password)).rejects.toThrow(/401/);
    const again = await signIn(backend.app, user.userName, 'Neues-Passwort2');
    expect(again.userId).toBe(user.id);

    const audit = await backend.database.db
      .selectFrom('audit_trail')
      .select(['old_value', 'new_value'])
      .where('record_id', '=', user.id)
      .where('event', '=', 'PasswordChanged')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ old_value: { passwordHash: '[redacted]' }, new_value: { passwordHash: '[redacted]' } });
  });

  it('matches the path case-insensitively, as the original server does (PUT User/Password, issue 15)', async () => {
    const user = await createTestUser(backend.database);
    const { token } = await signIn(backend.app, user.userName, user.password);
    const changed = await backend.app.inject({
      method: 'PUT',
      url: '/api/v1.0/User/Password',
      headers: bearer(token),
      payload: { id: user.id, oldPasswordString: user.password, newPasswordString: 'Neues-Passwort2' },
    });
    expect(changed.json()).toEqual({ passwordChanged: true });
    const current = await backend.app.inject({ method: 'GET', url: '/API/V1.0/user/CURRENT', headers: bearer(token) });
    expect(current.json<{ id: string }>().id).toBe(user.id);
  });
});

describe('POST /nms_system_api/syncEcrfUserPassword', () => {
  it('confirms the password in effect for oneself and records the sync', async () => {
    const user = await createTestUser(backend.database);
    const { token } = await signIn(backend.app, user.userName, user.password);
    const sync = (newPasswordString: string) =>
      backend.app.inject({
        method: 'POST',
        url: '/api/v1.0/nms_system_api/syncEcrfUserPassword',
        headers: bearer(token),
        payload: { id: user.id, newPasswordString },
      });
    expect((await sync('Anderes-Passwort3')).json()).toEqual({ synchronized: false });
    expect((await sync(user.password)).json()).toEqual({ synchronized: true });
    const row = await backend.database.db
      .selectFrom('app_user')
      .select('password_synced_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_synced_at).toBeInstanceOf(Date);
    const other = await createTestUser(backend.database);
    const foreign = await backend.app.inject({
      method: 'POST',
      url: '/api/v1.0/nms_system_api/syncEcrfUserPassword',
      headers: bearer(token),
      payload: { id: other.id, newPasswordString: other.password },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
