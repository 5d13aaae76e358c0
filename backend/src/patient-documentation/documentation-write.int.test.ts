/**
 * A documentation write and a merge of its patient ("Dieselbe Person", issue 17) on PostgreSQL: the merge holds the
 * study patient FOR UPDATE while it moves the documentation; a write that read the patient before and reaches its
 * transaction meanwhile waits, then finds the patient merged away and is refused, so nothing lands on it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../../scripts/services.mjs';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
let databaseUrl: string;
let backend: TestBackend;
let registry: DemoRegistry;
let physician: Api;

beforeAll(async () => {
  databaseUrl = await freshPostgresDatabase(SERVER, `write_lock_${process.pid}`);
  backend = await createTestBackend({}, undefined, { databaseUrl });
  registry = await demoRegistry(backend.database);
  const doctor = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  physician = api(backend.app, (await signIn(backend.app, doctor.userName, doctor.password)).token);
});
afterAll(() => backend?.close());

/** Resolves once a session of the database waits for a row lock. */
async function someoneWaitsForALock(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a documentation write during a merge of its patient', () => {
  it('waits for the merge and is refused once the patient is merged away, keeping nothing', async () => {
    const { studyPatientId } = await createPatientWithBaseline(physician, registry, '1001');
    const merge = new pg.Client({ connectionString: databaseUrl });
    const observer = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([merge.connect(), observer.connect()]);
    try {
      // What the merge does first: hold the study patient, then mark it merged away (study-patient-merge.ts).
      await merge.query('begin');
      await merge.query('select id from study_patient where id = $1 for update', [studyPatientId]);
      await merge.query('update study_patient set is_deleted = true where id = $1', [studyPatientId]);
      const write = physician.send('POST', 'Instrument', {
        studyPatientId,
        visitId: null,
        definitionId: registry.index.instrumentByIdentifier.get('tumour_board')?.id,
        fields: [],
      });
      // Without the hold the write would finish here, on the patient the merge is taking apart.
      const first = await Promise.race([write.then(() => 'write'), someoneWaitsForALock(observer).then(() => 'waiting')]);
      expect(first).toBe('waiting');
      await merge.query('commit');
      expect((await write).status).toBe(404);
      const { rows } = await observer.query('select count(*)::int as n from instrument where study_patient_id = $1 and visit_id is null', [
        studyPatientId,
      ]);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await merge.query('rollback').catch(() => undefined);
      await Promise.all([merge.end(), observer.end()]);
    }
  });
});
