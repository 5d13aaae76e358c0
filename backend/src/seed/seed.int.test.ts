import { allRightNames } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.js';
import { roleIdentifiers, roleRights } from '../rights/role-rights.js';
import { createTestBackend, isTestRole, signIn, type TestBackend } from '../test-support/test-backend.js';
import { demoSignIns, seedDatabase } from './seed.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

describe('seed', () => {
  it('is idempotent, as are the migrations', async () => {
    expect(await seedDatabase(backend.database.db, backend.config)).toBe(false);
    // As the owner: the service login may not create the migrations table it would look for.
    expect(await backend.asOwner((owner) => runMigrations(owner))).toEqual([]);
    const { db } = backend.database;
    const roles = await db.selectFrom('role').select('identifier').execute();
    expect(
      roles
        .map((r) => r.identifier)
        .filter((identifier) => !isTestRole(identifier))
        .sort(),
    ).toEqual([...roleIdentifiers].sort());
    const rights = await db.selectFrom('app_right').select('identifier').execute();
    expect(rights.map((r) => r.identifier)).toEqual(expect.arrayContaining([...allRightNames]));
    const institutes = await db
      .selectFrom('institute')
      .select(['identifier', 'display_name', 'additional_info'])
      .where('identifier', 'in', ['1001', '2002', '3003'])
      .orderBy('identifier')
      .execute();
    expect(institutes.map((i) => [i.identifier, i.additional_info.isDigiNet])).toEqual([
      ['1001', true],
      ['2002', false],
      ['3003', false],
    ]);
  });

  it('gives every role the rights of the mapping module', async () => {
    const { db } = backend.database;
    const rows = await db
      .selectFrom('role_right as rr')
      .innerJoin('role as r', 'r.id', 'rr.role_id')
      .innerJoin('app_right as a', 'a.id', 'rr.right_id')
      .select(['r.identifier as role', 'a.identifier as right'])
      .execute();
    for (const role of roleIdentifiers) {
      expect(
        rows
          .filter((row) => row.role === role)
          .map((row) => row.right)
          .sort(),
        role,
      ).toEqual([...roleRights[role]]);
    }
  });

  it('seeds one demo user per role who can sign in, audited as system', async () => {
    const demos = demoSignIns();
    expect(demos).toHaveLength(17);
    expect(demos.map((d) => d.userName)).toEqual(expect.arrayContaining(['casemanager', 'superadmin', 'pmnngm']));
    for (const demo of demos.filter((d) => ['superadmin', 'physician', 'researcher'].includes(d.userName))) {
      expect((await signIn(backend.app, demo.userName, demo.password)).userId).toMatch(/^[0-9a-f-]{36}$/);
    }
    const { db } = backend.database;
    const physician = await db.selectFrom('app_user').select('id').where('user_name', '=', 'physician').executeTakeFirstOrThrow();
    const locations = await db
      .selectFrom('study_institute_user')
      .select('study_institute_id')
      .where('user_id', '=', physician.id)
      .execute();
    expect(locations).toHaveLength(3);
    const created = await db
      .selectFrom('audit_trail')
      .select(['user_name', 'operation', 'reason'])
      .where('table_name', '=', 'app_user')
      .where('record_id', '=', physician.id)
      .where('operation', '=', 'Create')
      .execute();
    expect(created).toEqual([{ user_name: 'system', operation: 'Create', reason: 'seed' }]);
  });
});

describe('seed on an upgrade', () => {
  it('grants a right new to the database to the built-in roles the mapping gives it to, and keeps withdrawn rights withdrawn', async () => {
    // Its own database: it withdraws rights from the built-in roles.
    const upgraded = await createTestBackend({}, undefined, { ownDatabase: true });
    try {
      const { db } = upgraded.database;
      const roleId = async (identifier: string) =>
        (await db.selectFrom('role').select('id').where('identifier', '=', identifier).executeTakeFirstOrThrow()).id;
      const rightsOf = async (identifier: string) =>
        (
          await db
            .selectFrom('role_right as rr')
            .innerJoin('app_right as a', 'a.id', 'rr.right_id')
            .select('a.identifier')
            .where('rr.role_id', '=', await roleId(identifier))
            .execute()
        )
          .map((row) => row.identifier)
          .sort();
      const rightId = async (identifier: string) =>
        (await db.selectFrom('app_right').select('id').where('identifier', '=', identifier).executeTakeFirstOrThrow()).id;
      // A database from before the review list: no PossibleMatchReviewCmd yet; an administrator withdrew a right.
      await db
        .deleteFrom('role_right')
        .where('right_id', '=', await rightId('PossibleMatchReviewCmd'))
        .execute();
      await db.deleteFrom('app_right').where('identifier', '=', 'PossibleMatchReviewCmd').execute();
      await db
        .deleteFrom('role_right')
        .where('role_id', '=', await roleId('DataManager'))
        .where('right_id', '=', await rightId('QueryGetForPatientCmd'))
        .execute();
      const before = await rightsOf('DataManager');

      expect(await seedDatabase(db, upgraded.config)).toBe(false);

      expect(await rightsOf('DataManager')).toEqual([...before, 'PossibleMatchReviewCmd'].sort());
      expect(await rightsOf('MasterDataManager')).toContain('PossibleMatchReviewCmd');
      expect(await rightsOf('Physician')).not.toContain('PossibleMatchReviewCmd');
      const trail = await db
        .selectFrom('audit_trail')
        .select(['old_value', 'new_value', 'reason'])
        .where('table_name', '=', 'role')
        .where('record_id', '=', await roleId('DataManager'))
        .where('operation', '=', 'Update')
        .execute();
      expect(trail).toEqual([
        {
          old_value: { rights: before },
          new_value: { rights: [...before, 'PossibleMatchReviewCmd'] },
          reason: 'Neue Rechte der Rolle bei der Aktualisierung',
        },
      ]);
      // Seeding again grants nothing: the right is no longer new.
      await db
        .deleteFrom('role_right')
        .where('role_id', '=', await roleId('DataManager'))
        .where('right_id', '=', await rightId('PossibleMatchReviewCmd'))
        .execute();
      await seedDatabase(db, upgraded.config);
      expect(await rightsOf('DataManager')).toEqual(before);
    } finally {
      await upgraded.close();
    }
  });
});
