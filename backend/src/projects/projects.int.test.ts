/**
 * Projects on the real database: the seeded projects, assigning, changing and removing with the version
 * read (audited), overlapping and invalid periods, location scoping, the project user's sign-in with
 * user-patients, and 403 on every route without its right.
 */
import type { RightName } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import {
  createRightlessUser,
  createTestBackend,
  createTestUser,
  createUserWithRights,
  signIn,
  type MadeUser,
  type TestBackend,
} from '../test-support/test-backend.js';
import type { ProjectAssignmentDto, ProjectDto, ProjectUserLoginDto } from './projects.schemas.js';

const PROJECT_RIGHTS: RightName[] = [
  'ProjectGetAllCmd',
  'ProjectAssignmentGetAllCmd',
  'ProjectAssignmentGetByStudyPatientCmd',
  'ProjectUserPatientsGetCmd',
  'ProjectAssignmentCreateCmd',
  'ProjectAssignmentUpdateCmd',
  'ProjectAssignmentDeleteCmd',
  'ProjectUserLoginCmd',
];

let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;
let manager: Api;
let managerUser: MadeUser;
let elsewhere: Api;
let elsewhereUser: MadeUser;
let rightless: MadeUser;
let projects: ProjectDto[];
const made: MadeUser[] = [];

const signedIn = async (user: { userName: string; password: string }) =>
  api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  physician = await signedIn(await createTestUser(backend.database, { role: 'Physician', institutes: ['1001', '2002'] }));
  managerUser = await createUserWithRights(backend.database, PROJECT_RIGHTS, ['1001']);
  elsewhereUser = await createUserWithRights(backend.database, PROJECT_RIGHTS, ['2002']);
  rightless = await createRightlessUser(backend.database);
  made.push(managerUser, elsewhereUser, rightless);
  manager = await signedIn(managerUser);
  elsewhere = await signedIn(elsewhereUser);
  projects = (await manager.get<ProjectDto[]>('project')).body;
});
afterAll(async () => {
  const { db } = backend.database;
  await db
    .deleteFrom('project_assignment')
    .where(
      'changed_by',
      'in',
      made.map((u) => u.userName),
    )
    .execute();
  for (const user of made) await user.remove();
  await backend.close();
});

type Problem = { code: string; message: string; current?: ProjectAssignmentDto; fieldErrors?: { field: string; message: string }[] };

const assign = (client: Api, body: Record<string, unknown>) =>
  client.send<ProjectAssignmentDto & Problem>('POST', 'project-assignment', { projectId: projects[0]?.id, ...body });

describe('projects', () => {
  it('lists the two seeded research projects of the lung registry', () => {
    expect(projects.map((p) => p.identifier).sort()).toEqual(['NNGM-ALK-LANGZEIT', 'NNGM-KRAS-G12C']);
    expect(projects.every((p) => p.studyId === registry.studyId && !p.isDeleted)).toBe(true);
  });

  it('assigns, changes with the version read and removes an assignment, each audited with old and new values', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry);
    const created = await assign(manager, { studyPatientId, assignedFrom: '2025-01-15', assignedUntil: null, note: 'Tumorboard' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      studyPatientId,
      projectDisplayName: projects[0]?.displayName,
      assignedFrom: '2025-01-15',
      assignedUntil: null,
      note: 'Tumorboard',
      isCurrent: true,
      changedBy: managerUser.userName,
      version: 1,
    });
    const ofPatient = await manager.get<ProjectAssignmentDto[]>(`project-assignments/studyPatient/${studyPatientId}`);
    expect(ofPatient.body.map((a) => a.id)).toEqual([created.body.id]);

    const ended = await manager.send<ProjectAssignmentDto>('PUT', `project-assignment/${created.body.id}`, {
      version: 1,
      assignedFrom: '2025-01-15',
      assignedUntil: '2025-02-28',
      note: 'Beendet',
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ assignedUntil: '2025-02-28', isCurrent: false, version: 2 });
    const stale = await manager.send<Problem>('PUT', `project-assignment/${created.body.id}`, {
      version: 1,
      assignedFrom: '2025-01-01',
      assignedUntil: null,
      note: '',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'ECRF_ERR_STALE_WRITE', current: { version: 2, note: 'Beendet' } });
    const reopened = await manager.send<ProjectAssignmentDto>('PUT', `project-assignment/${created.body.id}`, {
      version: 2,
      assignedFrom: '2025-01-15',
      assignedUntil: null,
      note: 'Beendet',
    });
    expect(reopened.body).toMatchObject({ assignedUntil: null, isCurrent: true, version: 3 });
    const closed = await manager.send<ProjectAssignmentDto>('PUT', `project-assignment/${created.body.id}`, {
      version: 3,
      assignedFrom: '2025-01-15',
      assignedUntil: '2025-02-28',
      note: 'Beendet',
    });
    expect(closed.body.version).toBe(4);
    expect((await manager.send<Problem>('DELETE', `project-assignment/${created.body.id}?version=1`)).status).toBe(409);
    expect((await manager.send('DELETE', `project-assignment/${created.body.id}?version=4`)).status).toBe(204);
    expect((await manager.get<ProjectAssignmentDto[]>(`project-assignments/studyPatient/${studyPatientId}`)).body).toEqual([]);

    const audits = await backend.database.db
      .selectFrom('audit_trail')
      .select(['operation', 'user_name', 'old_value', 'new_value'])
      .where('table_name', '=', 'project_assignment')
      .where('record_id', '=', created.body.id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.operation, a.old_value?.note ?? null, a.new_value?.note ?? null])).toEqual([
      ['Create', null, 'Tumorboard'],
      ['Update', 'Tumorboard', 'Beendet'],
      ['Update', 'Beendet', 'Beendet'],
      ['Update', 'Beendet', 'Beendet'],
      ['Delete', 'Beendet', null],
    ]);
    expect(audits.every((a) => a.user_name === managerUser.userName)).toBe(true);
  });

  it('refuses invalid and overlapping periods and keeps the stored assignment', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry);
    const invalid = await assign(manager, { studyPatientId, assignedFrom: '2025-03-10', assignedUntil: '2025-03-01' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors).toEqual([
      { field: 'assignedUntil', message: 'Das Ende der Zuordnung darf nicht vor ihrem Beginn liegen.' },
    ]);
    const first = await assign(manager, { studyPatientId, assignedFrom: '2025-01-01', assignedUntil: '2025-03-31' });
    expect(first.status).toBe(201);
    const overlapping = await assign(manager, { studyPatientId, assignedFrom: '2025-03-31' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toBe('Der Patient ist diesem Projekt in diesem Zeitraum bereits zugeordnet.');
    expect((await assign(manager, { studyPatientId, assignedFrom: '2025-04-01' })).status).toBe(201);
    expect((await assign(manager, { studyPatientId, projectId: projects[1]?.id, assignedFrom: '2025-02-01' })).status).toBe(201);
    const stored = await manager.get<ProjectAssignmentDto[]>(`project-assignments/studyPatient/${studyPatientId}`);
    expect(stored.body).toHaveLength(3);
  });

  it("shows only patients of the caller's locations", async () => {
    const atCologne = await createPatientWithBaseline(physician, registry, '1001');
    const atEssen = await createPatientWithBaseline(physician, registry, '2002');
    const projectId = projects[1]?.id ?? '';
    expect((await assign(manager, { studyPatientId: atCologne.studyPatientId, projectId, assignedFrom: '2025-01-01' })).status).toBe(201);
    expect((await assign(manager, { studyPatientId: atEssen.studyPatientId, projectId, assignedFrom: '2025-01-01' })).status).toBe(404);
    expect((await assign(elsewhere, { studyPatientId: atEssen.studyPatientId, projectId, assignedFrom: '2025-01-01' })).status).toBe(201);
    const seenBy = async (client: Api) =>
      (await client.get<ProjectAssignmentDto[]>(`project-assignments?project=${projectId}`)).body.map((a) => a.studyPatientId);
    expect(await seenBy(manager)).toContain(atCologne.studyPatientId);
    expect(await seenBy(manager)).not.toContain(atEssen.studyPatientId);
    expect(await seenBy(elsewhere)).toEqual(expect.arrayContaining([atEssen.studyPatientId]));
    expect(await seenBy(elsewhere)).not.toContain(atCologne.studyPatientId);
    expect((await elsewhere.get(`project-assignments/studyPatient/${atCologne.studyPatientId}`)).status).toBe(404);
  });

  it('lists the patients of a project user after their project sign-in, current ones on request', async () => {
    const projectId = projects[0]?.id ?? '';
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001');
    const current = await assign(manager, { studyPatientId, projectId, assignedFrom: '2025-01-01' });
    const former = await createPatientWithBaseline(physician, registry, '1001');
    await assign(manager, { studyPatientId: former.studyPatientId, projectId, assignedFrom: '2024-01-01', assignedUntil: '2024-12-31' });
    const query = `user-patients?project=${projectId}&userId=${elsewhereUser.id}`;
    expect((await manager.get<ProjectAssignmentDto[]>(query)).body).toEqual([]);

    const login = await manager.send<ProjectUserLoginDto>('POST', `project-user-login/${projectId}`);
    expect(login.status).toBe(200);
    expect(login.body.project.id).toBe(projectId);
    expect(login.body.assignments.map((a) => a.id)).toContain(current.body.id);
    expect(login.body.assignments.every((a) => a.isCurrent)).toBe(true);
    const all = (await manager.get<ProjectAssignmentDto[]>(`user-patients?project=${projectId}`)).body.map((a) => a.studyPatientId);
    expect(all).toEqual(expect.arrayContaining([studyPatientId, former.studyPatientId]));
    const currentOnly = (await manager.get<ProjectAssignmentDto[]>(`user-patients?project=${projectId}&currentAssignment=true`)).body;
    expect(currentOnly.map((a) => a.studyPatientId)).toContain(studyPatientId);
    expect(currentOnly.map((a) => a.studyPatientId)).not.toContain(former.studyPatientId);

    // The Essen user signed in sees none of the Cologne patients, neither themselves nor through the manager.
    expect((await elsewhere.send('POST', `project-user-login/${projectId}`)).status).toBe(200);
    const throughManager = (await manager.get<ProjectAssignmentDto[]>(query)).body.map((a) => a.studyPatientId);
    expect(throughManager).not.toContain(studyPatientId);
    const signIns = await backend.database.db
      .selectFrom('audit_trail')
      .select('operation')
      .where('table_name', '=', 'project_user')
      .where('user_id', '=', managerUser.id)
      .execute();
    expect(signIns.map((s) => s.operation)).toEqual(['Create']);
    expect((await manager.get(`user-patients?project=${projectId}&userId=00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('refuses every route without its right (403)', async () => {
    const none = await signedIn(rightless);
    const { studyPatientId } = await createPatientWithBaseline(physician, registry);
    const id = '00000000-0000-4000-8000-000000000000';
    const projectId = projects[0]?.id ?? '';
    const calls: [string, Promise<{ status: number }>][] = [
      ['GET project', none.get('project')],
      ['GET project-assignments', none.get('project-assignments')],
      ['GET by study patient', none.get(`project-assignments/studyPatient/${studyPatientId}`)],
      ['GET user-patients', none.get(`user-patients?project=${projectId}`)],
      ['POST project-assignment', none.send('POST', 'project-assignment', { projectId, studyPatientId, assignedFrom: '2025-01-01' })],
      [
        'PUT project-assignment',
        none.send('PUT', `project-assignment/${id}`, { version: 1, assignedFrom: '2025-01-01', assignedUntil: null, note: '' }),
      ],
      ['DELETE project-assignment', none.send('DELETE', `project-assignment/${id}?version=1`)],
      ['POST project-user-login', none.send('POST', `project-user-login/${projectId}`)],
    ];
    for (const [name, call] of calls) expect([name, (await call).status]).toEqual([name, 403]);
    expect((await manager.get<ProjectAssignmentDto[]>(`project-assignments/studyPatient/${studyPatientId}`)).body).toEqual([]);
  });
});
