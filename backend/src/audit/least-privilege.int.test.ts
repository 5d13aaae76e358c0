/**
 * The services' role may not rewrite the audit trail (issue 15 item 1): as `ecrf_app` (migration 0098) every way
 * the probe used — UPDATE, DELETE, TRUNCATE, disabling the trail's triggers, session_replication_role — is refused
 * by PostgreSQL itself, while INSERT and SELECT work. Each attempt runs in a transaction that is rolled back.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../__generated__/database.js';
import { createTestBackend, type TestBackend } from '../test-support/test-backend.js';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

class RolledBack extends Error {}

/** Runs `statement` as ecrf_app and rolls back; resolves to PostgreSQL's refusal, or null when it ran. */
async function asApp(run: (trx: Kysely<DB>) => Promise<unknown>): Promise<string | null> {
  try {
    await backend.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL ROLE ecrf_app`.execute(trx);
      await run(trx);
      throw new RolledBack();
    });
  } catch (error) {
    if (error instanceof RolledBack) return null;
    return (error as Error).message;
  }
  return null;
}

const oneRow = (trx: Kysely<DB>) => trx.selectFrom('audit_trail').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();

describe('the services’ role on the audit trail', () => {
  it('may insert and read audit rows', async () => {
    expect(
      await asApp(async (trx) => {
        await trx
          .insertInto('audit_trail')
          .values({ user_name: 'least-privilege-test', table_name: 'app_user', operation: 'Update', event: 'Probe' })
          .execute();
        await oneRow(trx);
      }),
    ).toBeNull();
  });

  it.each([
    ['UPDATE', (trx: Kysely<DB>) => sql`UPDATE audit_trail SET reason = 'rewritten'`.execute(trx), /permission denied/],
    ['DELETE', (trx: Kysely<DB>) => sql`DELETE FROM audit_trail`.execute(trx), /permission denied/],
    ['TRUNCATE', (trx: Kysely<DB>) => sql`TRUNCATE audit_trail`.execute(trx), /permission denied/],
    ['ALTER TABLE … DISABLE TRIGGER', (trx: Kysely<DB>) => sql`ALTER TABLE audit_trail DISABLE TRIGGER ALL`.execute(trx), /must be owner/],
    [
      'SET session_replication_role',
      (trx: Kysely<DB>) => sql`SET LOCAL session_replication_role = replica`.execute(trx),
      /permission denied/,
    ],
  ])('refuses %s', async (_name, statement, refusal) => {
    expect(await asApp(statement)).toMatch(refusal);
  });

  it('still reads and writes the application’s other tables', async () => {
    expect(
      await asApp(async (trx) => {
        await trx.selectFrom('app_user').select('id').limit(1).execute();
        await sql`UPDATE app_user SET failed_sign_in_count = failed_sign_in_count WHERE false`.execute(trx);
      }),
    ).toBeNull();
  });
});
