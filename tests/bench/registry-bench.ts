/**
 * `npm run bench -w tests` (also part of the root `npm run bench`): the registry benchmark of issues 14 and 30
 * (docs/benchmarks.md "Registry at 20,000 patients"). Against DATABASE_URL it starts backend, pseudonymisation
 * service and gateway as the browser tests do (the database is filled by `npm run generate` first when it holds
 * fewer than BENCH_PATIENTS patients), then times every operation through the gateway and as the REST calls an
 * integrator makes for the same data, at each concurrency of BENCH_CONCURRENCY (1, 8, 32), and prints a markdown
 * table with p50/p95, upstream calls, the CPU time the gateway and the backend spent per request, the time of a study
 * export, and the services' RSS. BENCH_REQUESTS sets the timed requests at concurrency 1 (concurrency c sends
 * c/4 times as many, at least as many); BENCH_ONLY, a part of an operation's name, runs only the operations that contain
 * it (e.g. `patient screen`, for profiling); BENCH_SUSTAIN_MINUTES (0) adds that many minutes of mixed load at
 * concurrency 8 and reports the RSS after each minute (issue 30 item 2). SERVICES_CPU_PROFILE_DIR writes the services'
 * V8 CPU profiles there (with BENCH_ONLY, to see where an operation's CPU goes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServices } from '../../scripts/services.mjs';
import { cpuSpent, measure, rssMb, sampleRss } from './measure.js';
import { benchData, registryOperations, type Operation } from './registry-operations.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.log('The registry benchmark needs DATABASE_URL (PostgreSQL); skipped.');
  process.exit(0);
}
const patients = Number(process.env.BENCH_PATIENTS ?? 20_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 40);
const only = process.env.BENCH_ONLY ?? '';
const concurrencies = (process.env.BENCH_CONCURRENCY ?? '1,8,32').split(',').map(Number);
const sustainMinutes = Number(process.env.BENCH_SUSTAIN_MINUTES ?? 0);
const requestsAt = (concurrency: number) => requests * Math.max(1, Math.ceil(concurrency / 4));
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
const rss = sampleRss(services.pids);
try {
  const signIn = await fetch(`${services.backendUrl}/api/v1.0/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'datamanager', password: 'Demo-Passwort1' }),
  });
  if (!signIn.ok) throw new Error(`sign-in of the demo data manager failed: ${signIn.status}`);
  const { token } = (await signIn.json()) as { token: string };
  // One patient per save worker at the highest concurrency.
  const data = await benchData(databaseUrl, Math.max(8, ...concurrencies));
  const operations = registryOperations({ gateway: services.url, backend: services.backendUrl }, token, data);
  const { gateway: gatewayPid, backend: backendPid } = services.pids;
  const measured = { gateway: gatewayPid, backend: backendPid };
  const ms = (n: number) => n.toFixed(n < 100 ? 1 : 0);
  const cells = concurrencies.map((c) => `p50 / p95 ms, c=${c}`);
  console.log(
    `\n${await patientCount()} patients; timed requests per cell: ${concurrencies.map((c) => `${requestsAt(c)} at c=${c}`).join(', ')}\n`,
  );
  console.log(
    `| operation | via | upstream calls | ${cells.join(' | ')} | CPU ms per request, gateway + backend, c=1 / c=8 |\n|---|---|---:|${cells.map(() => '---:|').join('')}---:|`,
  );
  let rssAfterWarmUp: Record<string, number> | undefined;
  for (const operation of operations.filter(({ name }) => name.includes(only))) {
    for (const via of ['gateway', 'rest'] as const) {
      for (let i = 0; i < 2; i += 1) await operation[via](0);
      rssAfterWarmUp ??= { gateway: rssMb(gatewayPid), backend: rssMb(backendPid) };
      const timings: string[] = [];
      const cpu: string[] = [];
      let calls = 0;
      for (const concurrency of concurrencies) {
        const spent = cpuSpent(measured);
        const timing = await measure(operation[via], concurrency, requestsAt(concurrency));
        const { gateway = 0, backend = 0 } = spent.stop();
        calls = timing.calls;
        timings.push(`${ms(timing.p50)} / ${ms(timing.p95)}`);
        if (concurrency === 1 || concurrency === 8) {
          const perRequest = (total: number) => (total / requestsAt(concurrency)).toFixed(1);
          cpu.push(via === 'gateway' ? `${perRequest(gateway)} + ${perRequest(backend)}` : perRequest(backend));
        }
      }
      console.log(
        `| ${operation.name} | ${via === 'gateway' ? 'GraphQL' : 'REST'} | ${calls} | ${timings.join(' | ')} | ${cpu.join(' / ')} |`,
      );
    }
  }
  if (!only || 'study export'.includes(only)) {
    console.log(
      `\nStudy export (CSV, ZIP), started over REST until its file is ready: ${await timeExport(services.backendUrl, token, data.studyId)}`,
    );
  }
  if (sustainMinutes > 0) await sustain(operations, sustainMinutes, measured);
  const peak = rss.stop();
  const end = { gateway: rssMb(gatewayPid), backend: rssMb(backendPid) };
  const mb = (values: Record<string, number> | undefined, name: string) => (values?.[name] ?? Number.NaN).toFixed(0);
  console.log(
    `\nRSS (MB) after the first warm-up / at the end / peak: ${['gateway', 'backend']
      .map((name) => `${name} ${mb(rssAfterWarmUp, name)} / ${mb(end, name)} / ${mb(peak, name)}`)
      .join(', ')}; pseudonymisation service peak ${mb(peak, 'mainzelliste')}`,
  );
} finally {
  rss.stop();
  await services.stop();
}

/** Starts a CSV study export over REST and waits for its file: the time from the start to the completed job. */
async function timeExport(backendUrl: string, token: string, studyId: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const response = await fetch(`${backendUrl}/api/v1.0/study/${studyId}/csv-export`, { method: 'POST', headers, body: '{}' });
  if (response.status !== 202) throw new Error(`export start: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [job] = (await (await fetch(`${backendUrl}/api/v1.0/ExportJob?ids=${id}`, { headers })).json()) as {
      state: string;
      fileSize: number | null;
    }[];
    if (job?.state === 'completed')
      return `${((performance.now() - started) / 1000).toFixed(1)} s, ${((job.fileSize ?? 0) / 1e6).toFixed(1)} MB`;
    if (job?.state !== 'queued' && job?.state !== 'running') throw new Error(`export ${id} ended ${job?.state ?? 'unseen'}`);
  }
}

/**
 * Mixed load (every GraphQL operation in turn) at concurrency 8 for `minutes`, printing the RSS of gateway and backend
 * after each minute: the first minute is the warm-up, the last the end of the sustained load.
 */
async function sustain(operations: Operation[], minutes: number, pids: Record<string, number>): Promise<void> {
  console.log(
    `\nSustained mixed load at concurrency 8, RSS (MB) after each minute:\n\n| minute | ${Object.keys(pids).join(' | ')} |\n|---:|${Object.keys(
      pids,
    )
      .map(() => '---:|')
      .join('')}`,
  );
  let turn = 0;
  for (let minute = 1; minute <= minutes; minute += 1) {
    const until = performance.now() + 60_000;
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        while (performance.now() < until) {
          const operation = operations[turn++ % operations.length];
          if (operation) await operation.gateway(worker);
        }
      }),
    );
    console.log(
      `| ${minute} | ${Object.values(pids)
        .map((pid) => rssMb(pid).toFixed(0))
        .join(' | ')} |`,
    );
  }
}
