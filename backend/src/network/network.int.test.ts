import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
let token: string;
let studyId: string;
beforeAll(async () => {
  backend = await createTestBackend();
  const admin = await createTestUser(backend.database, { role: 'SuperAdmin' });
  token = (await signIn(backend.app, admin.userName, admin.password)).token;
  studyId = (await backend.database.db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow()).id;
});
afterAll(() => backend.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  backend.app.inject({ method, url: `/api/v1.0${url}`, headers: bearer(token), payload });
const freeIdentifier = () => String(4000 + Math.floor(Math.random() * 5999));

describe('institutes and locations', () => {
  it('checks identifier (4 digits), postal code (5 digits) and phone with the spec messages', async () => {
    const response = await call('POST', '/Institute', {
      identifier: '123',
      displayName: 'Zentrum',
      isDigiNet: false,
      postalCode: '5067',
      phone: 'abc',
    });
    expect(response.json<{ fieldErrors: unknown }>().fieldErrors).toEqual([
      { field: 'identifier', message: '4 Ziffern' },
      { field: 'postalCode', message: '5 Ziffern' },
      { field: 'phone', message: 'Ziffern und Bindestrich erlaubt' },
    ]);
  });

  it('creates an institute with its DigiNet flag, takes it into the study, assigns users and deletes it only when empty', async () => {
    const identifier = freeIdentifier();
    const institute = (
      await call('POST', '/Institute', {
        identifier,
        displayName: 'Lungenzentrum Bonn',
        isDigiNet: true,
        postalCode: '53127',
        city: 'Bonn',
      })
    ).json<{ id: string; additionalInfo: { isDigiNet: boolean } }>();
    expect(institute.additionalInfo.isDigiNet).toBe(true);
    const updated = await call('PUT', `/Institute/${institute.id}`, {
      identifier,
      displayName: 'Lungenzentrum Bonn-Venusberg',
      isDigiNet: false,
      postalCode: '53127',
    });
    expect(updated.json()).toMatchObject({ displayName: 'Lungenzentrum Bonn-Venusberg', additionalInfo: { isDigiNet: false }, city: null });
    const location = (await call('POST', '/StudyInstitute', { studyId, instituteId: institute.id })).json<{ id: string }>();
    expect((await call('GET', `/StudyInstitute/study/${studyId}`)).json<Array<{ id: string }>>().map((l) => l.id)).toContain(location.id);

    const user = await createTestUser(backend.database, { role: 'Documentalist' });
    const assigned = await call('PUT', `/nms_system_api/ecrfStudyInstitute/${location.id}/assignUser?userId=${user.id}`);
    expect(assigned.json()).toMatchObject({ changed: true, studyInstitute: { users: [{ id: user.id }] } });
    expect((await call('PUT', `/nms_system_api/ecrfStudyInstitute/${location.id}/assignUser?userId=${user.id}`)).json()).toMatchObject({
      changed: false,
    });
    expect((await call('GET', `/nms_system_api/ecrfInstitute/${institute.id}/canBeDeletedInfo`)).json()).toEqual({
      id: institute.id,
      canBeDeleted: false,
      assignedUsersCount: 1,
      studyPatientsCount: 0,
    });
    expect((await call('DELETE', `/nms_system_api/ecrfInstitute/${institute.id}`)).statusCode).toBe(409);
    await call('PUT', `/nms_system_api/ecrfStudyInstitute/${location.id}/removeUser?userId=${user.id}`);
    const infos = (await call('GET', `/nms_system_api/ecrfInstitute/canBeDeletedInfo?ids=${institute.id}`)).json<
      Array<{ canBeDeleted: boolean }>
    >();
    expect(infos.map((i) => i.canBeDeleted)).toEqual([true]);
    expect((await call('DELETE', `/Institute/${institute.id}`)).json()).toMatchObject({ changed: true, institute: { isDeleted: true } });
    expect((await call('PUT', `/nms_system_api/ecrfInstitute/${institute.id}/restore`)).json()).toMatchObject({
      changed: true,
      institute: { isDeleted: false },
    });

    const trail = await backend.database.db
      .selectFrom('audit_trail')
      .select(['table_name', 'operation'])
      .where('record_id', 'in', [institute.id, location.id])
      .orderBy('id')
      .execute();
    expect(trail.map((r) => `${r.table_name} ${r.operation}`)).toEqual([
      'institute Create',
      'institute Update',
      'study_institute Create',
      'study_institute Update',
      'study_institute Update',
      'institute Delete',
      'institute Update',
    ]);
  });

  it('gives overviews and statistics (ecrf-core.md §3)', async () => {
    const overview = (await call('GET', '/StudyInstitute/overview')).json<
      Array<{ studyInstitute: { identifier: string }; usersCount: number }>
    >();
    expect(overview.find((o) => o.studyInstitute.identifier === '1001')?.usersCount).toBeGreaterThan(5);
    const { token: caseManager } = await signIn(backend.app, 'casemanager', 'Demo-Passwort1');
    const mine = await backend.app.inject({ method: 'GET', url: '/api/v1.0/StudyInstitute/overview/my', headers: bearer(caseManager) });
    expect(mine.json<Array<{ studyInstitute: { identifier: string } }>>().map((o) => o.studyInstitute.identifier)).toEqual([
      '1001',
      '2002',
    ]);
    const first = overview[0]?.studyInstitute as { id?: string } | undefined;
    const statistics = (await call('GET', `/StudyInstitute/statistics?studyInstituteId=${first?.id}`)).json<{
      studyInstitutesCount: number;
      singleStudyInstitute: { id: string };
    }>();
    expect(statistics.studyInstitutesCount).toBe(overview.length);
    expect(statistics.singleStudyInstitute.id).toBe(first?.id);
  });
});

describe('network master data', () => {
  it('lists the seeded organizations and persons with their assignments', async () => {
    const organizations = (await call('GET', '/nms_system_api/allOrganizations')).json<
      Array<{ id: string; displayName: string; isDigiNet: boolean; instituteId: string | null; assignments: unknown[] }>
    >();
    const koeln = organizations.find((o) => o.displayName === 'Universitätsklinikum Köln');
    expect(koeln).toMatchObject({ isDigiNet: true, mainOrganizationType: 'Hospital' });
    expect(koeln?.instituteId).toBeTruthy();
    const persons = (await call('GET', '/nms_system_api/allPersons')).json<
      Array<{ lastName: string; organizationPersonAssignments: Array<{ organizationId: string; function: string }> }>
    >();
    expect(persons.find((p) => p.lastName === 'Lunge')?.organizationPersonAssignments).toEqual([
      expect.objectContaining({ organizationId: koeln?.id, function: 'Therapeut' }),
    ]);
  });

  it('syncs organizations and persons; a linked institute follows name and DigiNet flag; each change audited', async () => {
    const identifier = freeIdentifier();
    const institute = (await call('POST', '/Institute', { identifier, displayName: 'Alt', isDigiNet: false })).json<{ id: string }>();
    const organizationId = randomUUID();
    const personId = randomUUID();
    const body = {
      organizations: [
        {
          id: organizationId,
          displayName: 'Neu aus Stammdaten',
          isDigiNet: true,
          mainOrganizationType: 'Hospital',
          instituteId: institute.id,
        },
      ],
      persons: [
        { id: personId, title: 'Dr.', firstName: 'Tom', lastName: 'Therapeut', assignments: [{ organizationId, function: 'Therapeut' }] },
      ],
    };
    expect((await call('POST', '/nms_system_api/syncOrganizations', body)).json()).toEqual({
      organizationsCreated: 1,
      organizationsUpdated: 0,
      personsCreated: 1,
      personsUpdated: 0,
      institutesUpdated: 1,
    });
    expect((await call('POST', '/nms_system_api/syncOrganizations', body)).json()).toEqual({
      organizationsCreated: 0,
      organizationsUpdated: 0,
      personsCreated: 0,
      personsUpdated: 0,
      institutesUpdated: 0,
    });
    expect((await call('GET', `/Institute/${institute.id}`)).json()).toMatchObject({
      displayName: 'Neu aus Stammdaten',
      additionalInfo: { isDigiNet: true },
    });
    const row = await backend.database.db
      .selectFrom('audit_trail')
      .select(['old_value', 'new_value'])
      .where('record_id', '=', institute.id)
      .where('reason', '=', 'syncOrganizations')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ old_value: { displayName: 'Alt' }, new_value: { displayName: 'Neu aus Stammdaten' } });
    expect((await call('GET', `/nms_system_api/ecrfPerson/${personId}/canBeDeletedInfo`)).json()).toEqual({
      id: personId,
      canBeDeleted: true,
      hasActiveUser: false,
      organizationAssignmentsCount: 1,
    });
  });

  it('manages ecrf users and lists roles and locations for the master data system', async () => {
    const roles = (await call('GET', '/nms_system_api/ecrfRole')).json<Array<{ id: string; identifier: string }>>();
    const role = roles.find((r) => r.identifier === 'CaseManager');
    const userName = `ecrf_${Date.now()}`;
    const user = (
      await call('POST', '/nms_system_api/ecrfUser', { userName, displayName: 'Eva Ecrf', roleId: role?.id, password: 'Start-Passwort1' })
    ).json<{ id: string }>();
    expect((await call('PUT', `/nms_system_api/ecrfUser/${user.id}/deactivate`)).json()).toMatchObject({
      changed: true,
      user: { isDeactivated: true },
    });
    expect((await call('PUT', `/nms_system_api/ecrfUser/${user.id}/activate`)).json()).toMatchObject({ changed: true });
    expect((await call('PUT', `/nms_system_api/ecrfUser/${user.id}/password`, { newPasswordString: 'Anders-Pw3' })).statusCode).toBe(200);
    expect((await call('DELETE', `/nms_system_api/ecrfUser/${user.id}`)).json()).toMatchObject({ user: { isDeleted: true } });
    expect((await call('PUT', `/nms_system_api/ecrfUser/${user.id}/restore`)).json()).toMatchObject({ user: { isDeleted: false } });
    expect((await call('GET', `/nms_system_api/ecrfUser/${user.id}`)).json()).toMatchObject({ userName });
    const locations = (await call('GET', '/nms_system_api/ecrfStudyInstitute')).json<Array<{ identifier: string }>>();
    expect(locations.map((l) => l.identifier)).toEqual(expect.arrayContaining(['1001', '2002', '3003']));
  });
});

describe('audit calls', () => {
  it('filter by user, table, record, operation and time; one record history; the events of a day', async () => {
    const identifier = freeIdentifier();
    const before = new Date(Date.now() - 1000).toISOString();
    const institute = (await call('POST', '/Institute', { identifier, displayName: 'Audit-Zentrum', isDigiNet: false })).json<{
      id: string;
    }>();
    await call('PUT', `/Institute/${institute.id}`, { identifier, displayName: 'Audit-Zentrum 2', isDigiNet: true });
    const page = (await call('GET', `/AuditTrail?tableName=institute&recordId=${institute.id}&operation=Update&from=${before}`)).json<{
      items: Array<{ oldValue: object; newValue: object }>;
      totalCount: number;
    }>();
    expect(page.totalCount).toBe(1);
    expect(page.items[0]).toMatchObject({
      oldValue: { displayName: 'Audit-Zentrum' },
      newValue: { displayName: 'Audit-Zentrum 2', additionalInfo: { isDigiNet: true } },
    });
    const paged = (await call('GET', '/AuditTrail?itemsPerPage=2&page=1')).json<{ items: unknown[]; totalCount: number }>();
    expect(paged.items).toHaveLength(2);
    expect(paged.totalCount).toBeGreaterThan(2);
    const history = (await call('POST', '/AuditLog/Log', { tableName: 'institute', keyValue: institute.id })).json<
      Array<{ operation: string }>
    >();
    expect(history.map((h) => h.operation)).toEqual(['Create', 'Update']);
    const events = (await call('POST', '/AuditLog/Events', { date: before })).json<Array<{ recordId: string }>>();
    expect(events.map((e) => e.recordId)).toEqual(expect.arrayContaining([institute.id]));
  });

  it('cannot be altered or removed in the database, not even by the owner', async () => {
    await backend.asOwner(async ({ db }) => {
      await expect(sql`UPDATE audit_trail SET new_value = '{}'::jsonb WHERE table_name = 'institute'`.execute(db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`DELETE FROM audit_trail WHERE table_name = 'institute'`.execute(db)).rejects.toThrow(/append-only/);
    });
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      expect((await backend.app.inject({ method, url: '/api/v1.0/AuditTrail/1', headers: bearer(token), payload: {} })).statusCode).toBe(
        404,
      );
    }
  });
});
