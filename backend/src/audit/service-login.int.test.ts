/**
 * The backend as production runs it (issue 15 item 1): migrations and the job queue's schema as the owner
 * (MIGRATION_DATABASE_URL), the service itself logged in as a member of ecrf_app (DATABASE_URL). It signs in,
 * registers a patient and runs an export job through pg-boss, all without the owner's privileges, and its login
 * cannot rewrite the audit trail. On PGlite (`npm start` without DATABASE_URL) the session continues as the login.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loginOf, refusalOf, SERVICE_LOGINS } from '@ecrf/database';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresRefusal, serviceLoginDatabase } from '../../../scripts/services.mjs';
import { createBackend, type Backend } from '../server.js';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
let database: Awaited<ReturnType<typeof serviceLoginDatabase>>;
let backend: Backend;

beforeAll(async () => {
  database = await serviceLoginDatabase(SERVER, `login_${process.pid}`, 'ecrf_app');
  backend = await createBackend({
    NODE_ENV: 'test',
    DATABASE_URL: database.serviceUrl,
    MIGRATION_DATABASE_URL: database.ownerUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-login-')),
    EXPORTS_DIR: mkdtempSync(join(tmpdir(), 'ecrf-login-exports-')),
  });
}, 120_000);

afterAll(async () => {
  await backend?.close();
  await database?.remove();
});

describe('the backend logged in with the least privileges', () => {
  it('registers a patient (audited) and runs an export job through the queue, connected as its own login', async () => {
    const signedIn = await backend.app.inject({
      method: 'POST',
      url: '/api/v1.0/Auth',
      payload: { userName: 'datamanager', password: 'Demo-Passwort1' },
    });
    expect(signedIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.json<{ token: string }>().token}` };
    const study = await backend.database.db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow();
    const location = await backend.database.db
      .selectFrom('study_institute')
      .select('id')
      .where('study_id', '=', study.id)
      .executeTakeFirstOrThrow();
    const patient = await backend.app.inject({ method: 'POST', url: '/api/v1.0/Patient', headers, payload: {} });
    expect(patient.statusCode).toBe(201);
    const enrolled = await backend.app.inject({
      method: 'POST',
      url: '/api/v1.0/StudyPatient',
      headers,
      payload: { patientId: patient.json<{ id: string }>().id, studyId: study.id, studyInstituteId: location.id },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const audited = await backend.database.db
      .selectFrom('audit_trail')
      .select('operation')
      .where('table_name', '=', 'study_patient')
      .where('record_id', '=', enrolled.json<{ id: string }>().id)
      .execute();
    expect(audited.map((row) => row.operation)).toEqual(['Create']);
    const started = await backend.app.inject({ method: 'POST', url: `/api/v1.0/study/${study.id}/csv-export`, headers, payload: {} });
    expect(started.statusCode).toBe(202);
    const id = started.json<{ id: string }>().id;
    let state = '';
    for (let attempt = 0; attempt < 300 && !['completed', 'failed'].includes(state); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await backend.database.db.selectFrom('export_job').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
    }
    expect(state).toBe('completed');
    const { rows } = await sql<{ name: string }>`SELECT current_user AS name`.execute(backend.database.db);
    expect(rows[0]?.name).toBe(database.login);
  });

  it('cannot change the schema or rewrite the audit trail', async () => {
    expect(await postgresRefusal(database.serviceUrl, 'DELETE FROM audit_trail')).toMatch(/permission denied/);
    expect(await postgresRefusal(database.serviceUrl, 'ALTER TABLE audit_trail DISABLE TRIGGER ALL')).toMatch(/must be owner/);
    expect(await postgresRefusal(database.serviceUrl, 'CREATE TABLE probe (id int)')).toMatch(/permission denied/);
    expect(await postgresRefusal(database.serviceUrl, 'DROP TABLE pgboss.job')).toMatch(/must be owner/);
  });
});

describe('the backend on PGlite', () => {
  // A PGlite database on disk, migrated from scratch in WebAssembly: 20–35 s on the 2-core machine, with the load.
  it('serves as ecrf_service once migrated, as `npm start` runs it', async () => {
    // PGlite under DATA_DIR, as `npm start` keeps it under ./data.
    const embedded = await createBackend({
      NODE_ENV: 'test',
      DATABASE_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-login-pglite-')),
    });
    try {
      expect(await loginOf(embedded.database.db, SERVICE_LOGINS.registry.role)).toEqual({
        login: SERVICE_LOGINS.registry.login,
        superuser: false,
        member: true,
      });
      expect(await refusalOf(embedded.database.db, 'DELETE FROM audit_trail')).toMatch(/permission denied/);
    } finally {
      await embedded.close();
    }
  }, 120_000);
});
