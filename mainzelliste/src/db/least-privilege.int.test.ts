/**
 * The service's login may read and write the identities and nothing more (issue 31 item 2): the test service runs
 * as mainzelliste_service, a member of mainzelliste_app (migration 0005), as every service of the suite does. Each
 * refusal is PostgreSQL's own; each attempt is rolled back. On PostgreSQL and PGlite.
 */
import { loginOf, ownedRelations, refusalOf, SERVICE_LOGINS, tableRightsOf } from '@ecrf/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '../test-support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(() => service.close());

const asLogin = (statement: string) => refusalOf(service.database.db, statement);

describe('the pseudonymisation service’s database login', () => {
  it('is mainzelliste_service, a member of mainzelliste_app and no superuser', async () => {
    expect(await loginOf(service.database.db, SERVICE_LOGINS.mainzelliste.role)).toEqual({
      login: SERVICE_LOGINS.mainzelliste.login,
      superuser: false,
      member: true,
    });
  });

  it.each([
    ['UPDATE on the audit log', 'UPDATE mainzelliste.audit_event SET reason = NULL', /permission denied/],
    ['DELETE on the audit log', 'DELETE FROM mainzelliste.audit_event', /permission denied/],
    ['TRUNCATE of the audit log', 'TRUNCATE mainzelliste.audit_event', /permission denied/],
    ['TRUNCATE of the identities', 'TRUNCATE mainzelliste.patient CASCADE', /permission denied/],
    ['disabling triggers', 'ALTER TABLE mainzelliste.audit_event DISABLE TRIGGER ALL', /must be owner/],
    ['session_replication_role', 'SET LOCAL session_replication_role = replica', /permission denied/],
    ['CREATE TABLE', 'CREATE TABLE mainzelliste.probe (id int)', /permission denied for schema mainzelliste/],
    ['CREATE SCHEMA', 'CREATE SCHEMA probe', /permission denied for database/],
    ['ALTER TABLE', 'ALTER TABLE mainzelliste.patient ADD COLUMN probe int', /must be owner/],
    ['DROP TABLE', 'DROP TABLE mainzelliste.possible_match', /must be owner/],
    ['SET ROLE to the owner', 'SET LOCAL ROLE postgres', /permission denied/],
    ['marking a migration as not applied', 'DELETE FROM mainzelliste.schema_migration', /permission denied/],
  ])('refuses %s', async (_name, statement, refusal) => {
    expect(await asLogin(statement)).toMatch(refusal);
  });

  it('holds rows’ rights on its tables, INSERT and SELECT on the audit log, reads the migrations, owns nothing', async () => {
    const rights = await tableRightsOf(service.database.db, 'mainzelliste');
    expect(Object.keys(rights).sort()).toEqual(['audit_event', 'patient', 'patient_id', 'possible_match', 'schema_migration']);
    const expected = (name: string) =>
      name === 'schema_migration' ? ['SELECT'] : name === 'audit_event' ? ['SELECT', 'INSERT'] : ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];
    for (const [name, granted] of Object.entries(rights)) expect([name, granted]).toEqual([name, expected(name)]);
    expect(await ownedRelations(service.database.db)).toBe(0);
  });
});
