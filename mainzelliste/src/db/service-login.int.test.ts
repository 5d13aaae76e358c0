/**
 * The pseudonymisation service as production runs it (issue 15 item 1): migrated by the owner
 * (MAINZELLISTE_MIGRATION_DATABASE_URL), running as a member of mainzelliste_app. It registers a person and logs
 * the access, and its login may neither change the schema nor rewrite the audit log. On PGlite (`npm start` without
 * MAINZELLISTE_DATABASE_URL) the session continues as the login.
 */
import { loginOf, refusalOf, SERVICE_LOGINS } from '@ecrf/database';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresRefusal, serviceLoginDatabase } from '../../../scripts/services.mjs';
import { createService, type Service } from '../server.js';
import { createToken, form, freshIdentity } from '../test-support/test-service.js';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
let database: Awaited<ReturnType<typeof serviceLoginDatabase>>;
let service: Service;

beforeAll(async () => {
  database = await serviceLoginDatabase(SERVER, `ml_login_${process.pid}`, 'mainzelliste_app');
  service = await createService({ MAINZELLISTE_DATABASE_URL: database.serviceUrl, MAINZELLISTE_MIGRATION_DATABASE_URL: database.ownerUrl });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await database?.remove();
});

describe('the pseudonymisation service logged in with the least privileges', () => {
  it('registers a person and logs the access, connected as its own login', async () => {
    const token = await createToken(service.app, 'addPatient', { idTypes: ['pid'] });
    const added = await service.app.inject({
      method: 'POST',
      url: `/patients?tokenId=${token}&mainzellisteApiVersion=3.2`,
      ...form(freshIdentity()),
    });
    expect(added.statusCode, added.body).toBe(201);
    const { rows } = await sql<{ name: string; events: string }>`
      SELECT current_user AS name, (SELECT count(*) FROM mainzelliste.audit_event)::text AS events`.execute(service.database.db);
    expect(rows[0]?.name).toBe(database.login);
    expect(Number(rows[0]?.events)).toBeGreaterThan(0);
  });

  it('cannot change the schema or rewrite the audit log', async () => {
    expect(await postgresRefusal(database.serviceUrl, 'DELETE FROM mainzelliste.audit_event')).toMatch(/permission denied/);
    expect(await postgresRefusal(database.serviceUrl, 'ALTER TABLE mainzelliste.audit_event DISABLE TRIGGER ALL')).toMatch(/must be owner/);
    expect(await postgresRefusal(database.serviceUrl, 'CREATE TABLE mainzelliste.probe (id int)')).toMatch(/permission denied/);
  });
});

describe('the pseudonymisation service on PGlite', () => {
  // A PGlite database on disk, migrated from scratch in WebAssembly: 20–35 s on the 2-core machine, with the load.
  it('serves as mainzelliste_service once migrated, as `npm start` runs it', async () => {
    // PGlite under DATA_DIR, as `npm start` keeps it under ./data.
    const embedded = await createService({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-ml-login-pglite-')) });
    try {
      expect(await loginOf(embedded.database.db, SERVICE_LOGINS.mainzelliste.role)).toEqual({
        login: SERVICE_LOGINS.mainzelliste.login,
        superuser: false,
        member: true,
      });
      expect(await refusalOf(embedded.database.db, 'DELETE FROM mainzelliste.audit_event')).toMatch(/permission denied/);
    } finally {
      await embedded.close();
    }
  }, 120_000);
});
