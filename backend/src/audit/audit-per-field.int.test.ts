/**
 * Audit to EMA 6.2.1 (issue 15 item 2): one row per changed field with user, role, location, UTC time and reason,
 * and a record's state rebuilt for any moment from the trail alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestBackend, signIn, type TestBackend } from '../test-support/test-backend.js';
import { createUser, updateUser } from '../users/users.service.js';
import { recordStateAsOf } from './record-history.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

type FieldRow = { field: string; old_value: unknown; new_value: unknown; user_name: string; role_identifier: string | null };

/** The database's clock a moment after the last write (the trail's times are the database's). */
async function databaseNow(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(backend.database.db);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return new Date(rows[0]?.now ?? 0);
}

const fieldRows = async (recordId: string) =>
  (
    await sql<FieldRow & { operation: string }>`
      SELECT operation, field, old_value, new_value, user_name, role_identifier
      FROM audit_field_trail WHERE table_name = 'app_user' AND record_id = ${recordId} ORDER BY audit_id, field`.execute(
      backend.database.db,
    )
  ).rows;

describe('the audit trail per field', () => {
  it('writes a row per changed field with the acting user and their role, and rebuilds the record as of any moment', async () => {
    const { db } = backend.database;
    const admin = await db
      .selectFrom('app_user')
      .innerJoin('role', 'role.id', 'app_user.role_id')
      .select(['app_user.id', 'app_user.user_name', 'role.identifier'])
      .where('app_user.user_name', '=', 'superadmin')
      .executeTakeFirstOrThrow();
    const actor = { userId: admin.id, userName: admin.user_name };
    const roles = await db.selectFrom('role').select(['id', 'identifier']).where('identifier', 'in', ['Physician', 'Researcher']).execute();
    const roleId = (identifier: string) => roles.find((role) => role.identifier === identifier)?.id ?? '';
    const beforeCreate = await databaseNow();
    const id = await createUser(db, actor, {
      userName: `audit_${Date.now()}`,
      displayName: 'Erika Muster',
      roleId: roleId('Physician'),
      password: 'Ein-langes-Passwort-2026',
    });
    const created = await databaseNow();
    await updateUser(db, actor, id, { displayName: 'Erika Musterfrau', roleId: roleId('Physician') });
    const renamed = await databaseNow();
    await updateUser(db, actor, id, { displayName: 'Erika Musterfrau', roleId: roleId('Researcher'), isDeactivated: true });

    const rows = await fieldRows(id);
    const changes = rows.filter((row) => row.operation === 'Update').map((row) => [row.field, row.old_value, row.new_value]);
    expect(changes).toEqual([
      ['displayName', 'Erika Muster', 'Erika Musterfrau'],
      ['isDeactivated', false, true],
      ['role', 'Physician', 'Researcher'],
      ['roleId', roleId('Physician'), roleId('Researcher')],
    ]);
    expect(new Set(rows.map((row) => `${row.user_name}/${row.role_identifier}`))).toEqual(new Set([`superadmin/${admin.identifier}`]));

    expect(await recordStateAsOf(db, 'app_user', id, beforeCreate)).toBeNull();
    expect(await recordStateAsOf(db, 'app_user', id, created)).toMatchObject({
      displayName: 'Erika Muster',
      role: 'Physician',
      isDeactivated: false,
    });
    expect(await recordStateAsOf(db, 'app_user', id, renamed)).toMatchObject({
      displayName: 'Erika Musterfrau',
      role: 'Physician',
      isDeactivated: false,
    });
    expect(await recordStateAsOf(db, 'app_user', id, await databaseNow())).toMatchObject({ role: 'Researcher', isDeactivated: true });
  });

  it('names the location of patient data', async () => {
    const { db } = backend.database;
    const { token } = await signIn(backend.app, 'datamanager', 'Demo-Passwort1');
    const study = await db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow();
    const location = await db.selectFrom('study_institute').select('id').where('study_id', '=', study.id).executeTakeFirstOrThrow();
    const patient = await backend.app.inject({ method: 'POST', url: '/api/v1.0/Patient', headers: bearer(token), payload: {} });
    const enrolled = await backend.app.inject({
      method: 'POST',
      url: '/api/v1.0/StudyPatient',
      headers: bearer(token),
      payload: { patientId: patient.json<{ id: string }>().id, studyId: study.id, studyInstituteId: location.id },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const audited = await db
      .selectFrom('audit_trail')
      .select(['study_institute_id', 'role_identifier'])
      .where('table_name', '=', 'study_patient')
      .where('record_id', '=', enrolled.json<{ id: string }>().id)
      .execute();
    expect(audited).toEqual([{ study_institute_id: location.id, role_identifier: 'DataManager' }]);
  });
});
