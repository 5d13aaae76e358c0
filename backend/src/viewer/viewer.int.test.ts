/** GET Viewer answers what User/current, Right/currentUser and StudyInstitute/my answer, each part by its own right. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createRightlessUser, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const get = (url: string, token: string) => backend.app.inject({ method: 'GET', url: `/api/v1.0/${url}`, headers: bearer(token) });

describe('the viewer in one call', () => {
  it('answers the three calls of the app frame at once', async () => {
    const user = await createTestUser(backend.database, { role: 'CaseManager', institutes: ['1001', '2002'] });
    const { token } = await signIn(backend.app, user.userName, user.password);
    const [viewer, current, rights, locations] = await Promise.all([
      get('Viewer', token),
      get('User/current', token),
      get('Right/currentUser', token),
      get('StudyInstitute/my', token),
    ]);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json()).toEqual({ user: current.json(), rights: rights.json(), studyInstitutes: locations.json() });
    expect(viewer.json<{ studyInstitutes: unknown[] }>().studyInstitutes).toHaveLength(2);
  });

  it('leaves out a part whose right the role lacks, and refuses a role with none of the three', async () => {
    const rightless = await createRightlessUser(backend.database);
    const { token } = await signIn(backend.app, rightless.userName, rightless.password);
    expect((await get('Viewer', token)).statusCode).toBe(403);
    const { db } = backend.database;
    const { role_id } = await db.selectFrom('app_user').select('role_id').where('id', '=', rightless.id).executeTakeFirstOrThrow();
    const right = await db
      .selectFrom('app_right')
      .select('id')
      .where('identifier', '=', 'RightGetCurrentUserCmd')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_right').values({ role_id, right_id: right.id }).execute();
    try {
      const viewer = await get('Viewer', token);
      expect(viewer.statusCode).toBe(200);
      expect(viewer.json()).toEqual({
        user: null,
        rights: [{ id: right.id, identifier: 'RightGetCurrentUserCmd' }],
        studyInstitutes: null,
      });
    } finally {
      await db.deleteFrom('role_right').where('role_id', '=', role_id).execute();
      await rightless.remove();
    }
  });
});
