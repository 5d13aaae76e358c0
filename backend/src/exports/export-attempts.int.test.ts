/**
 * Fenced attempts (issue 31 item 1): a worker that stalls past its lease while it still runs, and the attempt that
 * takes its job over. The stalled attempt must change neither the job nor the new attempt's file; the job ends
 * once, completed by the attempt that holds it, with exactly one file. Two export runtimes in one process share
 * the database, the queue and the file store, as two backend replicas do.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaller } from '../http/route-access.js';
import { createTestBackend, type TestBackend } from '../test-support/test-backend.js';
import type { ExportTable, TableSource } from '../export-content/export-content.js';
import { EXPORT_KINDS } from './export-kinds.js';
import { createExportRuntime, type ExportRuntime } from './export-runtime.js';
import type { ExportSources } from './export-sources.js';

/** Where the n-th writer of the test's source waits until the test opens it. */
class Gate {
  arrive!: () => void;
  open!: () => void;
  readonly reached = new Promise<void>((resolve) => (this.arrive = resolve));
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
}
const [stalled, takingOver] = [new Gate(), new Gate()];
const gates = [stalled, takingOver];
let writers = 0;

/** One table whose row names the attempt that wrote it. */
const source: TableSource = async () => {
  const attempt = ++writers;
  const table: ExportTable = {
    name: 'attempt',
    columns: [{ key: 'writer', label: 'Schreiber', type: 'string' }],
    count: async () => 1,
    rows: async function* () {
      const gate = gates[attempt - 1];
      gate?.arrive();
      await gate?.opened;
      yield { writer: `attempt ${attempt}` };
    },
  };
  return [table];
};

const sources = {
  tables: new Proxy({}, { get: () => source }),
  sasProgram: () => '',
  odm: async () => undefined,
} as unknown as ExportSources;

let backend: TestBackend;
const runtimes: ExportRuntime[] = [];
const warnings: string[] = [];

function runtime(): ExportRuntime {
  const made = createExportRuntime({
    database: backend.database,
    // Renewals and sweeps are far apart: the test decides when the lease runs out.
    settings: { ...backend.config.exports, leaseSeconds: 60 },
    sources,
    clock: () => new Date(),
    onEvent: () => undefined,
    thread: null,
    log: { warn: (_object, message) => warnings.push(message), error: (_object, message) => warnings.push(message) },
  });
  runtimes.push(made);
  return made;
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  backend = await createTestBackend();
});

afterAll(async () => {
  for (const made of runtimes) await made.close();
  await backend.close();
});

describe('an export attempt that stalled past its lease', () => {
  it('changes neither the job nor the file of the attempt that took the job over', async () => {
    const { db } = backend.database;
    const user = await db.selectFrom('app_user').select('id').where('user_name', '=', 'datamanager').executeTakeFirstOrThrow();
    const caller = await loadCaller(db, user.id);
    const study = await db.selectFrom('study').select('id').where('identifier', '=', 'NNGM').executeTakeFirstOrThrow();
    if (!caller) throw new Error('the demo data manager is missing');
    expect(EXPORT_KINDS['screening-export'].format).toBe('csv');

    const first = runtime();
    await first.startWorkers();
    const job = await first.startFor(caller, { kind: 'screening-export', studyId: study.id, parameters: {} });
    await stalled.reached;
    const row = () => db.selectFrom('export_job').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    const { queue_job_id: firstQueueJob } = await row();
    expect(await row()).toMatchObject({ state: 'running', attempts: 1 });

    // The first worker stalls past its lease; a second replica's sweeper finds the job and takes it over.
    await db
      .updateTable('export_job')
      .set({ lease_until: new Date(Date.now() - 1000) })
      .where('id', '=', job.id)
      .execute();
    const second = runtime();
    await second.startWorkers();
    await takingOver.reached;
    expect(await row()).toMatchObject({ state: 'running', attempts: 2 });

    // The stalled attempt finishes writing: it notices it lost the job and leaves everything as it is.
    stalled.open();
    await waitFor('the stalled attempt to end', async () => {
      const { rows } = await sql<{
        state: string;
      }>`SELECT state FROM ${sql.table(`${backend.config.exports.queueSchema}.job`)} WHERE id = ${firstQueueJob}`.execute(db);
      return rows[0]?.state === 'completed' ? true : undefined;
    });
    expect(await row()).toMatchObject({ state: 'running', attempts: 2, file_sha256: null });
    const directory = join(backend.config.exports.dir, job.id);
    expect(readdirSync(directory)).toEqual(['.attempt-2.partial']);
    expect(warnings).toContain('export attempt lost its job to another attempt; it stops');

    takingOver.open();
    const done = await waitFor('the job to end', async () => {
      const current = await row();
      return current.state === 'running' ? undefined : current;
    });
    expect(done).toMatchObject({ state: 'completed', attempts: 2 });
    expect(readdirSync(directory)).toEqual([done.file_name]);
    const content = readFileSync(join(directory, done.file_name ?? ''));
    expect(content.toString('utf8')).toContain('attempt 2');
    expect(createHash('sha256').update(content).digest('hex')).toBe(done.file_sha256);
    const completions = await db
      .selectFrom('audit_trail')
      .select('new_value')
      .where('table_name', '=', 'export_job')
      .where('record_id', '=', job.id)
      .where('operation', '=', 'Update')
      .execute();
    expect(completions).toHaveLength(1);
  }, 60_000);
});
