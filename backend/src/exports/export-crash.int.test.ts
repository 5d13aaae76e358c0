/**
 * A job whose backend process dies mid-run completes after a restart, with exactly one file (issue "Durable
 * jobs"). The built backend runs as a real process on PostgreSQL, where durable jobs live in production (the
 * machine's server at 127.0.0.1:5432 when DATABASE_URL is not set). The test holds an exclusive lock on the
 * visits while the job runs, so the job is provably mid-run when the process is killed.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, startBackend } from '../../../scripts/services.mjs';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a durable export job', () => {
  it('completes after its backend was killed mid-run, with exactly one file', async () => {
    const databaseUrl = await freshPostgresDatabase(SERVER, `crash_${process.pid}`);
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
      await admin.end();
    });
    const exportsDir = mkdtempSync(join(tmpdir(), 'ecrf-crash-exports-'));
    const port = await freePort();
    const logs: string[] = [];
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-crash-data-')),
      EXPORTS_DIR: exportsDir,
      // A lost worker is noticed after 2 s instead of the production 30 s.
      EXPORT_LEASE_SECONDS: '2',
      NODE_ENV: 'test',
    };
    const first = await startBackend({ port, env, log: (line) => logs.push(line) });
    cleanups.push(() => first.kill());
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    cleanups.push(() => db.end());
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    cleanups.push(() => lock.end());

    const signIn = await fetch(`${first.url}/api/v1.0/Auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'datamanager', password: 'Demo-Passwort1' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const { rows: studies } = await db.query<{ id: string }>("SELECT id FROM study WHERE identifier = 'NNGM'");

    // The job's worker will wait on the visits until the lock is let go.
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE visit IN ACCESS EXCLUSIVE MODE');
    const started = await fetch(`${first.url}/api/v1.0/study/${studies[0]?.id}/csv-export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    const state = async () =>
      (await db.query<{ state: string; attempts: number }>('SELECT state, attempts FROM export_job WHERE id = $1', [id])).rows[0];
    await waitFor('the job to run', async () => ((await state())?.state === 'running' ? true : undefined));

    await first.kill();
    await lock.query('ROLLBACK');
    expect(await state()).toMatchObject({ state: 'running', attempts: 1 });

    const second = await startBackend({ port, env, log: (line) => logs.push(line) });
    cleanups.push(() => second.stop());
    const done = await waitFor('the job to complete', async () => {
      const row = (
        await db.query<{ state: string; attempts: number; file_name: string; file_sha256: string; file_size: string }>(
          'SELECT state, attempts, file_name, file_sha256, file_size FROM export_job WHERE id = $1',
          [id],
        )
      ).rows[0];
      return row?.state === 'completed' || row?.state === 'failed' ? row : undefined;
    });
    expect(done, logs.join('\n')).toMatchObject({ state: 'completed', attempts: 2 });
    const files = readdirSync(join(exportsDir, id));
    expect(files).toEqual([done.file_name]);
    const content = readFileSync(join(exportsDir, id, done.file_name));
    expect(content.length).toBe(Number(done.file_size));
    expect(createHash('sha256').update(content).digest('hex')).toBe(done.file_sha256);
    expect(readdirSync(exportsDir)).toEqual([id]);
  }, 120_000);
});
