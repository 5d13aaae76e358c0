/**
 * The backend's login may read and write rows and nothing more (issue 15 item 1, issue 31 item 2): the test backend
 * runs as ecrf_service, a member of ecrf_app (migration 0098), as every backend of the suite does. Each refusal is
 * PostgreSQL's own; each attempt runs in a transaction that is rolled back. On PostgreSQL and PGlite.
 */
import { loginOf, ownedRelations, refusalOf, SERVICE_LOGINS, tableRightsOf } from '@ecrf/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const asLogin = (statement: string) => refusalOf(backend.database.db, statement);
const queue = () => backend.config.exports.queueSchema;

describe('the backend’s database login', () => {
  it('is ecrf_service, a member of ecrf_app and no superuser', async () => {
    expect(await loginOf(backend.database.db, SERVICE_LOGINS.registry.role)).toEqual({
      login: SERVICE_LOGINS.registry.login,
      superuser: false,
      member: true,
    });
  });

  it('may insert and read audit rows', async () => {
    const insert = `INSERT INTO audit_trail (user_name, table_name, operation, event) VALUES ('least-privilege-test', 'app_user', 'Update', 'Probe')`;
    expect(await asLogin(insert)).toBeNull();
    expect(await asLogin('SELECT id FROM audit_trail LIMIT 1')).toBeNull();
    expect(await asLogin('SELECT audit_id FROM audit_field_change LIMIT 1')).toBeNull();
  });

  it.each([
    ['UPDATE on the audit trail', 'UPDATE audit_trail SET reason = NULL', /permission denied/],
    ['DELETE on the audit trail', 'DELETE FROM audit_trail', /permission denied/],
    ['TRUNCATE of the audit trail', 'TRUNCATE audit_trail, audit_field_change', /permission denied/],
    ['UPDATE on the per-field audit rows', 'UPDATE audit_field_change SET field = NULL', /permission denied/],
    ['DELETE on the per-field audit rows', 'DELETE FROM audit_field_change', /permission denied/],
    ['TRUNCATE of an application table', 'TRUNCATE app_user CASCADE', /permission denied/],
    ['disabling triggers', 'ALTER TABLE audit_trail DISABLE TRIGGER ALL', /must be owner/],
    ['session_replication_role', 'SET LOCAL session_replication_role = replica', /permission denied/],
    ['CREATE TABLE', 'CREATE TABLE probe (id int)', /permission denied for schema public/],
    ['CREATE FUNCTION', 'CREATE FUNCTION probe() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$', /permission denied for schema public/],
    ['CREATE SCHEMA', 'CREATE SCHEMA probe', /permission denied for database/],
    ['ALTER TABLE', 'ALTER TABLE app_user ADD COLUMN probe int', /must be owner/],
    ['DROP TABLE', 'DROP TABLE export_job CASCADE', /must be owner/],
    ['SET ROLE to the owner', 'SET LOCAL ROLE postgres', /permission denied/],
    ['marking a migration as not applied', "DELETE FROM schema_migration WHERE name LIKE '0110%'", /permission denied/],
  ])('refuses %s', async (_name, statement, refusal) => {
    expect(await asLogin(statement)).toMatch(refusal);
  });

  it('refuses DDL in the job queue’s schema, which it uses', async () => {
    expect(await asLogin(`SELECT count(*) FROM ${queue()}.job`)).toBeNull();
    expect(await asLogin(`CREATE TABLE ${queue()}.probe (id int)`)).toMatch(/permission denied for schema/);
    expect(await asLogin(`DROP TABLE ${queue()}.job CASCADE`)).toMatch(/must be owner/);
    expect(await asLogin(`TRUNCATE ${queue()}.job`)).toMatch(/permission denied/);
  });

  it('holds rows’ rights on every table, INSERT and SELECT on the audit tables, reads the migrations, owns nothing', async () => {
    const rights = await tableRightsOf(backend.database.db, 'public');
    const appendOnly = ['audit_trail', 'audit_field_change'];
    expect(Object.keys(rights)).toEqual(expect.arrayContaining([...appendOnly, 'app_user', 'study_patient', 'export_job']));
    const expected = (name: string) =>
      name === 'schema_migration'
        ? ['SELECT']
        : appendOnly.includes(name)
          ? ['SELECT', 'INSERT']
          : ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];
    for (const [name, granted] of Object.entries(rights)) expect([name, granted]).toEqual([name, expected(name)]);
    expect(await ownedRelations(backend.database.db)).toBe(0);
  });
});
