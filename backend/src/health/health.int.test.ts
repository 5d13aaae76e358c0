/**
 * Health and shutdown of the built backend as a real process on PostgreSQL (docs/backend.md "Health and
 * shutdown"): readiness follows the database, and SIGTERM drains — a request in flight completes, new
 * connections are refused, a running export job finishes within the grace period or goes back to the queue, and
 * the process exits with 0.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequest, readinessStatus } from '../../../scripts/http-probe.mjs';
import { freePort, freshPostgresDatabase, startBackend } from '../../../scripts/services.mjs';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<unknown>)[] = [];
let admin: pg.Client;
const logs: string[] = [];

const nameOf = (databaseUrl: string) => new URL(databaseUrl).pathname.slice(1);

beforeAll(async () => {
  admin = new pg.Client({ connectionString: Object.assign(new URL(SERVER), { pathname: '/postgres' }).toString() });
  await admin.connect();
  cleanups.push(() => admin.end());
});

/** A database of its own per test: a backend's workers take any queued job of their database. */
async function freshDatabase(suffix: string): Promise<string> {
  const databaseUrl = await freshPostgresDatabase(SERVER, `health_${suffix}_${process.pid}`);
  cleanups.push(() => admin.query(`DROP DATABASE IF EXISTS "${nameOf(databaseUrl)}" WITH (FORCE)`));
  return databaseUrl;
}

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function launch(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const backend = await startBackend({
    port: await freePort(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-health-')),
      NODE_ENV: 'test',
      ...extraEnv,
    },
    log: (line) => logs.push(line),
  });
  cleanups.push(() => backend.stop());
  return backend;
}

async function readiness(url: string) {
  const answer = await fetch(`${url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as unknown };
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${logs.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signIn(url: string, userName: string): Promise<string> {
  const answer = await fetch(`${url}/api/v1.0/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: 'Demo-Passwort1' }),
  });
  return ((await answer.json()) as { token: string }).token;
}

/** An export job whose worker waits on the visits, locked by the returned client until it rolls back. */
async function blockedJob(url: string, databaseUrl: string) {
  const token = await signIn(url, 'datamanager');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  const { rows: studies } = await db.query<{ id: string }>("SELECT id FROM study WHERE identifier = 'NNGM'");
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  cleanups.push(() => lock.end());
  await lock.query('BEGIN');
  await lock.query('LOCK TABLE visit IN ACCESS EXCLUSIVE MODE');
  const started = await fetch(`${url}/api/v1.0/study/${studies[0]?.id}/csv-export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };
  const state = async () => (await db.query<{ state: string }>('SELECT state FROM export_job WHERE id = $1', [id])).rows[0]?.state;
  await waitFor('the job to run', async () => ((await state()) === 'running' ? true : undefined));
  return { state, release: () => lock.query('ROLLBACK') };
}

describe('backend health', () => {
  it('is live and ready, and not ready while its database refuses connections', async () => {
    const databaseUrl = await freshDatabase('ready');
    const backend = await launch(databaseUrl);
    const live = await fetch(`${backend.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    expect(await readiness(backend.url)).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', draining: 'ok' } } });

    await admin.query(`ALTER DATABASE "${nameOf(databaseUrl)}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [nameOf(databaseUrl)]);
    try {
      expect(await readiness(backend.url)).toEqual({
        status: 503,
        body: { status: 'not ready', checks: { database: 'unreachable', draining: 'ok' } },
      });
      // Liveness is about the process, not its database.
      expect((await fetch(`${backend.url}/livez`)).status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE "${nameOf(databaseUrl)}" ALLOW_CONNECTIONS true`);
    }
    await waitFor('readiness again', async () => ((await readiness(backend.url)).status === 200 ? true : undefined));
  }, 120_000);

  it('drains on SIGTERM: the request in flight completes, new connections are refused, a running job goes back to the queue', async () => {
    // Jobs may run for 80 % of the grace period (2.4 s), then they are handed over.
    const databaseUrl = await freshDatabase('release');
    const backend = await launch(databaseUrl, { SHUTDOWN_GRACE_MS: '3000' });
    const job = await blockedJob(backend.url, databaseUrl);

    const inFlight = await holdRequest(backend.url, {
      path: '/api/v1.0/Auth',
      body: JSON.stringify({ userName: 'physician', password: 'Demo-Passwort1' }),
    });
    process.kill(backend.pid, 'SIGTERM');
    // A new connection is refused (or, before the server closed, readiness answers 503).
    await waitFor('new connections to be turned away', async () => ((await readinessStatus(backend.url)) !== 200 ? true : undefined));
    const answer = await inFlight.finish();
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toHaveProperty('token');

    await waitFor('the process to exit', async () => (backend.exitCode !== null ? true : undefined));
    expect(backend.exitCode, logs.join('\n')).toBe(0);
    expect(await job.state()).toBe('queued');
    await job.release();
  }, 120_000);

  it('lets a running job finish within the grace period', async () => {
    const databaseUrl = await freshDatabase('finish');
    const backend = await launch(databaseUrl, { SHUTDOWN_GRACE_MS: '60000' });
    const job = await blockedJob(backend.url, databaseUrl);
    process.kill(backend.pid, 'SIGTERM');
    await waitFor('the backend to drain', async () => ((await readinessStatus(backend.url)) !== 200 ? true : undefined));
    await job.release();
    await waitFor('the process to exit', async () => (backend.exitCode !== null ? true : undefined));
    expect(backend.exitCode, logs.join('\n')).toBe(0);
    expect(await job.state()).toBe('completed');
  }, 120_000);
});
