/**
 * The pseudonymisation service as production runs it (issue 15 item 1): migrated by the owner
 * (MAINZELLISTE_MIGRATION_DATABASE_URL), running as a member of mainzelliste_app. It registers a person and logs
 * the access, and its login may neither change the schema nor rewrite the audit log. On PostgreSQL only.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPostgresDatabase, freshPostgresDatabase } from '../../../scripts/services.mjs';
import { createService, type Service } from '../server.js';
import { createToken, form, freshIdentity } from '../test-support/test-service.js';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const login = `mainzelliste_service_${randomUUID().slice(0, 8)}`;
let ownerUrl: string;
let serviceUrl: string;
let service: Service;

async function refusalOf(statement: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: serviceUrl });
  await client.connect();
  try {
    await client.query(statement);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  ownerUrl = await freshPostgresDatabase(SERVER, `ml_login_${process.pid}`);
  const admin = new pg.Client({ connectionString: ownerUrl });
  await admin.connect();
  // mainzelliste_app is cluster-wide; migration 0005 creates it too, and tolerates it being there.
  await admin.query(
    `DO $$ BEGIN CREATE ROLE mainzelliste_app NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
  );
  await admin.query(`CREATE ROLE ${login} LOGIN IN ROLE mainzelliste_app`);
  await admin.end();
  serviceUrl = Object.assign(new URL(ownerUrl), { username: login }).toString();
  service = await createService({ MAINZELLISTE_DATABASE_URL: serviceUrl, MAINZELLISTE_MIGRATION_DATABASE_URL: ownerUrl });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await dropPostgresDatabase(ownerUrl);
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP ROLE IF EXISTS ${login}`);
  await admin.end();
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
    expect(rows[0]?.name).toBe(login);
    expect(Number(rows[0]?.events)).toBeGreaterThan(0);
  });

  it('cannot change the schema or rewrite the audit log', async () => {
    expect(await refusalOf('DELETE FROM mainzelliste.audit_event')).toMatch(/permission denied/);
    expect(await refusalOf('ALTER TABLE mainzelliste.audit_event DISABLE TRIGGER ALL')).toMatch(/must be owner/);
    expect(await refusalOf('CREATE TABLE mainzelliste.probe (id int)')).toMatch(/permission denied/);
  });
});
