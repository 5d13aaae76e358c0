import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { SYSTEM_ACTOR, audit } from './audit.service.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

describe('audit_trail', () => {
  // The triggers are the second line, after the service login's missing rights (least-privilege.int.test.ts): the owner meets them.
  it('is append-only, even for the owner: UPDATE, DELETE and TRUNCATE raise', async () => {
    const recordId = `append-only-${Date.now()}`;
    await backend.database.db
      .transaction()
      .execute((trx) => audit(trx, { actor: SYSTEM_ACTOR, tableName: 'test', recordId, operation: 'Create', newValue: { a: 1 } }));
    await backend.asOwner(async ({ db }) => {
      await expect(sql`UPDATE audit_trail SET reason = 'tampered' WHERE record_id = ${recordId}`.execute(db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`DELETE FROM audit_trail WHERE record_id = ${recordId}`.execute(db)).rejects.toThrow(/append-only/);
      // Alone it is refused for the per-field rows that reference it; with them, by the trigger.
      await expect(sql`TRUNCATE audit_trail`.execute(db)).rejects.toThrow(/foreign key/);
      await expect(sql`TRUNCATE audit_trail, audit_field_change`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`DELETE FROM audit_field_change`.execute(db)).rejects.toThrow(/append-only/);
    });
    const rows = await backend.database.db
      .selectFrom('audit_trail')
      .select(['reason', 'new_value'])
      .where('record_id', '=', recordId)
      .execute();
    expect(rows).toEqual([{ reason: null, new_value: { a: 1 } }]);
  });

  it('rolls back with the change it belongs to', async () => {
    const { db } = backend.database;
    const recordId = `rollback-${Date.now()}`;
    await expect(
      db.transaction().execute(async (trx) => {
        await audit(trx, { actor: SYSTEM_ACTOR, tableName: 'test', recordId, operation: 'Update' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(await db.selectFrom('audit_trail').select('id').where('record_id', '=', recordId).execute()).toEqual([]);
  });

  it('never stores tokens, hashes or passwords of a sign-in', async () => {
    const user = await createTestUser(backend.database);
    const tokens = await signIn(backend.app, user.userName, user.password);
    await backend.app.inject({ method: 'POST', url: '/api/v1.0/Auth/refreshLogin', payload: { refreshToken: tokens.refreshToken } });
    const rows = await backend.database.db.selectFrom('audit_trail').selectAll().where('user_id', '=', user.id).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(tokens.refreshToken);
    expect(stored).not.toContain(tokens.token);
    expect(stored).not.toContain(user.password);
    expect(stored).not.toContain('$argon2');
  });
});
