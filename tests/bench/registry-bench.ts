/**
 * `npm run bench -w tests` (also part of the root `npm run bench`): the registry benchmark of issue 14
 * (docs/benchmarks.md "Registry at 20,000 patients"). Against DATABASE_URL it starts backend, pseudonymisation
 * service and gateway as the browser tests do (the database is filled by `npm run generate` first when it holds
 * fewer than BENCH_PATIENTS patients), then times every operation through the gateway and as direct REST calls,
 * at concurrency 1 and 8, and prints a markdown table with p50/p95, upstream calls and the services' peak RSS.
 * BENCH_REQUESTS sets the timed requests per measurement (concurrency 8 sends twice as many); BENCH_ONLY, a part of
 * an operation's name, runs only the operations that contain it (e.g. `patient screen`, for profiling).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServices } from '../../scripts/services.mjs';
import { measure, sampleRss } from './measure.js';
import { benchData, registryOperations } from './registry-operations.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('The registry benchmark needs DATABASE_URL (PostgreSQL); skipped.');
  process.exit(0);
}
const patients = Number(process.env.BENCH_PATIENTS ?? 20_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 40);
const only = process.env.BENCH_ONLY ?? '';
const root = join(import.meta.dirname, '..', '..');

async function patientCount(): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const exists = await db.query("select to_regclass('study_patient') is not null as present");
    if (!exists.rows[0]?.present) return 0;
    return Number((await db.query<{ n: string }>('select count(*) as n from study_patient')).rows[0]?.n);
  } finally {
    await db.end();
  }
}

if ((await patientCount()) < patients) {
  execFileSync('npm', ['run', 'generate', '--', '--patients', String(patients)], { cwd: root, stdio: 'inherit' });
}
execFileSync('npm', ['run', 'relay', '-w', 'web'], { cwd: root, stdio: 'ignore' });

const services = await startServices({
  backendPort: await freePort(),
  gatewayPort: await freePort(),
  mainzellistePort: await freePort(),
  // The web app is not measured here (WEB_DIST empty: the gateway serves GraphQL only).
  env: {
    ...process.env,
    WEB_DIST: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ecrf-bench-')),
    EXPOSE_UPSTREAM_CALLS: 'true',
    LOG_LEVEL: 'warn',
  },
  log: (line) => process.env.BENCH_LOG && console.log(line),
});
try {
  const signIn = await fetch(`${services.backendUrl}/api/v1.0/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'datamanager', password: 'Demo-Passwort1' }),
  });
  if (!signIn.ok) throw new Error(`sign-in of the demo data manager failed: ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  const data = await benchData(databaseUrl, 8);
  const operations = registryOperations({ gateway: services.url, backend: services.backendUrl }, token, data);
  const rss = sampleRss(services.pids);
  const ms = (n: number) => n.toFixed(n < 100 ? 1 : 0);
  console.log(`\n${await patientCount()} patients, ${requests} requests at concurrency 1 and ${2 * requests} at 8 per cell\n`);
  console.log('| operation | via | upstream calls | p50 / p95 ms, c=1 | p50 / p95 ms, c=8 |\n|---|---|---:|---:|---:|');
  for (const operation of operations.filter(({ name }) => name.includes(only))) {
    for (const via of ['gateway', 'rest'] as const) {
      const one = await measure(operation[via], 1, requests);
      const eight = await measure(operation[via], 8, 2 * requests);
      console.log(
        `| ${operation.name} | ${via === 'gateway' ? 'GraphQL' : 'REST'} | ${one.calls} | ${ms(one.p50)} / ${ms(one.p95)} | ${ms(eight.p50)} / ${ms(eight.p95)} |`,
      );
    }
  }
  const peak = rss.stop();
  console.log(
    `\nPeak RSS: ${Object.entries(peak)
      .map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`)
      .join(', ')}`,
  );
} finally {
  await services.stop();
}
