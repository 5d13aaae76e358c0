import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from './common-passwords.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
let token: string;
let physicianRoleId: string;
let essenLocationId: string;
beforeAll(async () => {
  backend = await createTestBackend();
  const admin = await createTestUser(backend.database, { role: 'AdminNNGM' });
  token = (await signIn(backend.app, admin.userName, admin.password)).token;
  physicianRoleId = (
    await backend.database.db.selectFrom('role').select('id').where('identifier', '=', 'Physician').executeTakeFirstOrThrow()
  ).id;
  essenLocationId = (
    await backend.database.db
      .selectFrom('study_institute as si')
      .innerJoin('institute as i', 'i.id', 'si.institute_id')
      .select('si.id')
      .where('i.identifier', '=', '2002')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => backend.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  backend.app.inject({ method, url: `/api/v1.0${url}`, headers: bearer(token), payload });
const auditOf = (recordId: string) =>
  backend.database.db
    .selectFrom('audit_trail')
    .select(['operation', 'event', 'old_value', 'new_value', 'user_name'])
    .where('table_name', '=', 'app_user')
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();

describe('user administration', () => {
  it('refuses fields that break the rules of ecrf-calls.md §5 with their German messages', async () => {
    const response = await call('POST', '/User', {
      userName: 'mit leerzeichen',
      displayName: 'X',
      emailAddress: 'kein-mail',
      roleId: physicianRoleId,
      password: 'Kurz1',
      personData: { firstName: 'R2D2', phone: '0221/123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      { field: 'userName', message: "Benutzername darf nur Zeichen wie 'A-Z', '0-9', '_' oder '-' enthalten" },
      { field: 'emailAddress', message: 'Ungültige Emailaddresse' },
      { field: 'personData.firstName', message: 'Ungültiger Name' },
      { field: 'personData.phone', message: 'Ziffern und Bindestrich erlaubt' },
      { field: 'password', message: 'Mindestens 6 Zeichen' },
      { field: 'password', message: 'Mindestens 1 Sonderzeichen (!§$%&/()=.,;:-)' },
    ]);
  });

  it('creates, updates, deactivates, activates, deletes and restores a user, each audited with old and new value', async () => {
    const userName = `neu_${Date.now()}`;
    const created = await call('POST', '/User', {
      userName,
      displayName: 'Nina Neu',
      emailAddress: `${userName}@demo.register.local`,
      roleId: physicianRoleId,
      password: 'Start-Passwort1',
      personData: { title: 'Dr.', firstName: 'Nina', lastName: 'Neu', phone: '0221-4711' },
      studyInstituteIds: [essenLocationId],
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json<{ id: string; role: { identifier: string }; personData: { lastName: string } }>();
    expect(user.role.identifier).toBe('Physician');
    expect(user.personData.lastName).toBe('Neu');
    expect(
      (
        await call('POST', '/User', {
          userName: userName.toUpperCase(),
          displayName: 'X',
          roleId: physicianRoleId,
          password: 'Start-Passwort1',
        })
      ).statusCode,
    ).toBe(409);
    const own = await signIn(backend.app, userName, 'Start-Passwort1');
    const mine = await backend.app.inject({ method: 'GET', url: '/api/v1.0/StudyInstitute/my', headers: bearer(own.token) });
    expect(mine.json<Array<{ identifier: string }>>().map((l) => l.identifier)).toEqual(['2002']);

    const updated = await call('PUT', `/User/${user.id}`, {
      displayName: 'Nina Neumann',
      roleId: physicianRoleId,
      emailAddress: null,
      personData: { lastName: 'Neumann' },
      isDeactivated: false,
    });
    expect(updated.json<{ displayName: string; isDeactivated: boolean }>()).toMatchObject({
      displayName: 'Nina Neumann',
      isDeactivated: false,
    });

    const deactivated = await call('PUT', `/User/${user.id}/Deactivate`);
    expect(deactivated.json()).toMatchObject({ changed: true, user: { isDeactivated: true } });
    expect((await call('PUT', `/User/${user.id}/Deactivate`)).json()).toMatchObject({ changed: false });
    const refused = await backend.app.inject({ method: 'POST', url: '/api/v1.0/Auth', payload: { userName, password: 'Start-Passwort1' } });
    expect(refused.json<{ code: string }>().code).toBe('ECRF_ERR_ACCOUNT_DEACTIVATED');
    expect((await backend.app.inject({ method: 'GET', url: '/api/v1.0/User/current', headers: bearer(own.token) })).statusCode).toBe(401);

    expect((await call('PUT', `/User/${user.id}/Activate`)).json()).toMatchObject({ changed: true, user: { isDeactivated: false } });
    expect((await call('DELETE', `/User/${user.id}`)).json()).toMatchObject({ changed: true, user: { isDeleted: true } });
    expect((await call('GET', `/User?search=${userName}`)).json()).toEqual([]);
    expect((await call('PUT', `/User/${user.id}/restore`)).json()).toMatchObject({ changed: true, user: { isDeleted: false } });

    const trail = await auditOf(user.id);
    const changes = trail.filter((row) => row.event === null);
    expect(changes.map((row) => row.operation)).toEqual(['Create', 'Update', 'Update', 'Update', 'Delete', 'Update']);
    expect(changes[1]).toMatchObject({
      old_value: { displayName: 'Nina Neu' },
      new_value: { displayName: 'Nina Neumann', emailAddress: null },
    });
    expect(changes[2]).toMatchObject({ old_value: { isDeactivated: false }, new_value: { isDeactivated: true } });
    expect(changes.every((row) => row.user_name.endsWith('_adminnngm'))).toBe(true);
  });

  it('changes the activation state on update only when it differs', async () => {
    const user = await createTestUser(backend.database, { deactivated: true });
    const before = (await auditOf(user.id)).length;
    await call('PUT', `/User/${user.id}`, {
      displayName: 'Test Physician',
      roleId: physicianRoleId,
      emailAddress: user.emailAddress,
      personData: { title: 'Dr.' },
      isDeactivated: true,
    });
    expect(await auditOf(user.id)).toHaveLength(before);
  });

  it('sets a password with the administrator policy', async () => {
    const user = await createTestUser(backend.database);
    const weak = await call('PUT', `/User/${user.id}/password`, { newPasswordString: 'Ohne-Sonder1'.replace('-', '') });
    expect(weak.json()).toMatchObject({ code: 'ECRF_ERR_WEAK_PASSWORD', messages: ['Mindestens 1 Sonderzeichen (!§$%&/()=.,;:-)'] });
    const common = await call('PUT', `/User/${user.id}/password`, { newPasswordString: 'Sommer2024!' });
    expect(common.json()).toMatchObject({ code: 'ECRF_ERR_WEAK_PASSWORD', messages: [COMMON_PASSWORD_MESSAGE] });
    expect((await call('PUT', `/User/${user.id}/password`, { newPasswordString: 'Neu-Gesetzt2' })).statusCode).toBe(200);
    expect((await signIn(backend.app, user.userName, 'Neu-Gesetzt2')).userId).toBe(user.id);
    const [row] = (await auditOf(user.id)).filter((r) => r.event === 'PasswordSetByAdministrator');
    expect(row?.new_value).toMatchObject({ passwordHash: '[redacted]' });
  });

  it('lists users searched, sorted and paged, with a matching count', async () => {
    const page1 = (await call('GET', '/User?search=demo.register&sortBy=userName&itemsPerPage=5&page=1')).json<
      Array<{ userName: string }>
    >();
    const page2 = (await call('GET', '/User?search=demo.register&sortBy=userName&itemsPerPage=5&page=2')).json<
      Array<{ userName: string }>
    >();
    expect(page1).toHaveLength(5);
    expect(page1.map((u) => u.userName)).toEqual([...page1.map((u) => u.userName)].sort());
    expect((page2[0]?.userName ?? '') > (page1[4]?.userName ?? '')).toBe(true);
    const desc = (await call('GET', '/User?search=demo.register&sortBy=userName&sortDesc=true&itemsPerPage=1')).json<
      Array<{ userName: string }>
    >();
    expect(desc[0]?.userName).toBe('universaldocumentalist');
    expect((await call('GET', '/User/count?search=demo.register')).json()).toEqual({ count: 17 });
  });

  it('manages roles and rights by id and name; catalogue rights and held roles stay', async () => {
    // Roles and rights are platform configuration: AdminMedSyn, not the network administrator.
    const platformAdmin = await createTestUser(backend.database, { role: 'AdminMedSyn' });
    const platformToken = (await signIn(backend.app, platformAdmin.userName, platformAdmin.password)).token;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      backend.app.inject({ method, url: `/api/v1.0${url}`, headers: bearer(platformToken), payload });
    const right = await call('POST', '/Right', { identifier: `CustomCmd_${Date.now()}` });
    expect(right.statusCode).toBe(200);
    const rightId = right.json<{ id: string }>().id;
    expect((await call('POST', '/Right', { identifier: 'mit-bindestrich' })).json()).toMatchObject({
      fieldErrors: [{ field: 'identifier', message: 'a-z, A-Z, 0-9, _ erlaubt' }],
    });
    const identifier = `Rolle_${Date.now()}`;
    const role = (await call('POST', '/Role', { identifier, displayName: 'Testrolle', rightIds: [rightId] })).json<{ id: string }>();
    expect((await call('GET', `/Role/name/${identifier}`)).json()).toMatchObject({ id: role.id, displayName: 'Testrolle' });
    expect((await call('GET', `/Role/${role.id}/rights`)).json<Array<{ id: string }>>().map((r) => r.id)).toEqual([rightId]);
    expect((await call('PUT', `/Role/${role.id}`, { identifier, displayName: 'Umbenannt' })).json()).toMatchObject({
      displayName: 'Umbenannt',
    });
    expect((await call('DELETE', `/Right/${rightId}`)).statusCode).toBe(200);
    expect((await call('GET', `/Role/${role.id}/rights`)).json()).toEqual([]);
    expect((await call('DELETE', `/Role/${role.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/Role/${role.id}`)).statusCode).toBe(404);
    const superRight = (await call('GET', '/Right/name/SUPER_RIGHT')).json<{ id: string }>();
    expect((await call('DELETE', `/Right/${superRight.id}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/Role/${physicianRoleId}`)).statusCode).toBe(409);
  });
});
