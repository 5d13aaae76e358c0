/**
 * Failover (issue 16 item 5): two backends and two gateways, each supervised as `npm start` supervises them, behind
 * round-robin proxies (clients → gateways, gateways → backends), on real PostgreSQL and Redis. Under a steady load
 * of instrument saves, query actions and resuming subscribers, with an export running, one backend (the one writing
 * the export) and one gateway (the one consuming the event stream) are killed with SIGKILL. Asserted: every
 * acknowledged write is in the database, every subscriber receives every event exactly once, the export completes
 * with exactly one file, and both processes come back by themselves. The figures go to test-results/failover.json
 * (docs/benchmarks.md "Failover").
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropPostgresDatabase,
  freePort,
  freshPostgresDatabase,
  startBackend,
  startGateway,
  type SupervisedService,
} from '../../scripts/services.mjs';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { graph, resumingSubscriber, untilAnswered, type Subscriber } from './graph-client.js';

const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PASSWORD = 'Demo-Passwort1';
const WRITERS = 4;
const QUERY_ACTORS = 2;
const SUBSCRIBERS = 4;

const cleanups: (() => Promise<unknown>)[] = [];
const logs = new Map<string, string[]>();
let db: pg.Client;
let front: RoundRobinProxy;
let backends: SupervisedService[];
let gateways: SupervisedService[];
let databaseUrl: string;
let exportsDir: string;

const logOf = (name: string) => {
  const lines: string[] = [];
  logs.set(name, lines);
  return (line: string) => lines.push(line);
};

/** Reads until a value comes; on a timeout the error carries what `explain` finds (the state behind the wait). */
async function waitFor<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 90_000,
  explain: () => Promise<unknown> = async () => undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await explain())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The export job's row and its pg-boss jobs: what a timeout of the export step must show. */
async function exportJobState(jobId: string) {
  const job = await db.query(
    'SELECT state, attempts, worker, progress, lease_until, now() AS now, cancel_requested, queue_job_id, failure_reason, started_at, finished_at FROM export_job WHERE id = $1',
    [jobId],
  );
  const queue = await db.query(
    "SELECT id, state, retry_count, start_after, started_on, completed_on, output FROM pgboss.job WHERE data->>'jobId' = $1 ORDER BY created_on",
    [jobId],
  );
  return { job: job.rows[0], queueJobs: queue.rows, logs: Object.fromEntries([...logs].map(([name, lines]) => [name, lines.slice(-40)])) };
}

beforeAll(async () => {
  databaseUrl = await freshPostgresDatabase(SERVER, `failover_${process.pid}`);
  exportsDir = mkdtempSync(join(tmpdir(), 'ecrf-failover-exports-'));
  const [backendPorts, gatewayPorts] = [
    [await freePort(), await freePort()],
    [await freePort(), await freePort()],
  ];
  const back = await startRoundRobinProxy(backendPorts);
  front = await startRoundRobinProxy(gatewayPorts);
  cleanups.push(
    () => back.close(),
    () => front.close(),
  );
  const shared = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    // Replicas sign and check tokens with one key, as JWT_SECRET in docker-compose.yml.
    JWT_SECRET: randomUUID() + randomUUID(),
    // One shared file store, as the replicas' volume in docker-compose.yml; a lost export worker is found after 2 s.
    EXPORTS_DIR: exportsDir,
    EXPORT_LEASE_SECONDS: '2',
    REDIS_URL,
    REDIS_KEY_PREFIX: `ecrf:failover:${randomUUID()}`,
    MAINZELLISTE_URL: 'http://127.0.0.1:9',
  };
  backends = [];
  for (const [index, port] of backendPorts.entries()) {
    const name = `backend-${index + 1}`;
    // One after the other: the first migrates.
    const env = { ...shared, DATA_DIR: mkdtempSync(join(tmpdir(), `ecrf-${name}-`)) };
    backends.push(await startBackend({ port, env, log: logOf(name), supervise: true }));
  }
  gateways = await Promise.all(
    gatewayPorts.map((port, index) =>
      startGateway({
        port,
        backendUrl: back.url,
        mainzellisteUrl: shared.MAINZELLISTE_URL,
        env: shared,
        log: logOf(`gateway-${index + 1}`),
        supervise: true,
      }),
    ),
  );
  cleanups.push(...[...backends, ...gateways].map((service) => () => service.stop()));
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await dropPostgresDatabase(databaseUrl);
});

const signIn = async (userName: string) =>
  (
    await untilAnswered(() =>
      graph<{ signIn: { session: { token: string } } }>(
        front.url,
        'mutation($input: SignInInput!) { signIn(input: $input) { session { token } } }',
        { input: { userName, password: PASSWORD } },
      ),
    )
  ).signIn.session.token;

type Staging = { studyPatientId: string; instrumentId: string; version: number; tnmId: string; tId: string; tnmKey: string; tKey: string };

/** A patient with a baseline visit and a staging instrument, created through the graph. */
async function stagedPatient(token: string, studyId: string, locationId: string, visitDefinitionId: string, staging: StagingDefinition) {
  const patient = await graph<{ createStudyPatient: { studyPatient: { id: string } } }>(
    front.url,
    'mutation($input: CreateStudyPatientInput!) { createStudyPatient(input: $input) { studyPatient { id } } }',
    { input: { studyId, locationId, registrationDate: '2025-01-10' } },
    token,
  );
  const studyPatientId = patient.createStudyPatient.studyPatient.id;
  const visit = await graph<{ createVisit: { visit: { id: string } } }>(
    front.url,
    'mutation($input: CreateVisitInput!) { createVisit(input: $input) { visit { id } } }',
    { input: { studyPatientId, definitionId: visitDefinitionId, visitDate: '2025-02-01' } },
    token,
  );
  const created = await graph<{
    createInstrument: { instrument: { id: string; version: number; fields: { id: string; childFields: { id: string }[] }[] } };
  }>(
    front.url,
    'mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { instrument { id version fields { id childFields { id } } } } }',
    {
      input: {
        studyPatientId,
        visitId: visit.createVisit.visit.id,
        definitionId: staging.id,
        fields: [{ definitionKey: staging.tnmKey, childFields: [{ definitionKey: staging.tKey, values: [{ value: '2a' }] }] }],
      },
    },
    token,
  );
  const { instrument } = created.createInstrument;
  return {
    studyPatientId,
    instrumentId: instrument.id,
    version: instrument.version,
    tnmId: instrument.fields[0]?.id ?? '',
    tId: instrument.fields[0]?.childFields[0]?.id ?? '',
    tnmKey: staging.tnmKey,
    tKey: staging.tKey,
  } satisfies Staging;
}

type StagingDefinition = { id: string; tnmKey: string; tKey: string };

async function demoStudy(token: string) {
  const data = await graph<{
    studyDefinitions: {
      identifier: string;
      currentVersion: {
        visits: {
          id: string;
          identifier: string;
          instruments: { id: string; identifier: string; fields: { key: string; identifier: string; parent: { key: string } | null }[] }[];
        }[];
      };
    }[];
    instituteOverview: { edges: { node: { location: { id: string; identifier: string; study: { id: string } } } }[] };
  }>(
    front.url,
    `query { studyDefinitions { identifier currentVersion { visits { id identifier instruments { id identifier fields { key identifier parent { key } } } } } }
      instituteOverview(scope: ALL) { edges { node { location { id identifier study { id } } } } } }`,
    {},
    token,
  );
  const visits = data.studyDefinitions.find((definition) => definition.identifier === 'nngm_lung')?.currentVersion.visits ?? [];
  const baseline = visits.find((visit) => visit.identifier === 'baseline');
  const instrument = visits.flatMap((visit) => visit.instruments).find((candidate) => candidate.identifier === 'staging');
  const tnmKey = instrument?.fields.find((field) => field.identifier === 'tnm')?.key;
  const tKey = instrument?.fields.find((field) => field.identifier === 't' && field.parent?.key === tnmKey)?.key;
  const location = data.instituteOverview.edges.find(({ node }) => node.location.identifier === '1001')?.node.location;
  if (!baseline || !instrument || !tnmKey || !tKey || !location) throw new Error('the demo study lacks its baseline staging');
  return { studyId: location.study.id, locationId: location.id, baselineId: baseline.id, staging: { id: instrument.id, tnmKey, tKey } };
}

type Acknowledged = {
  saves: { instrumentId: string; version: number }[];
  raised: string[];
  solved: string[];
  refused: number;
  /** Writes that got no answer (their process died, or a 5xx): not acknowledged, so not counted as stored. */
  unanswered: number;
};

/** Saves the instrument again and again; an unanswered save is read back before the next (it may have landed). */
async function instrumentWriter(token: string, staging: Staging, running: () => boolean, acknowledged: Acknowledged) {
  let version = staging.version;
  for (let round = 0; running(); round += 1) {
    try {
      const saved = await graph<{ updateInstrument: { instrument: { version: number } | null; errors: { code: string }[] } }>(
        front.url,
        'mutation($input: UpdateInstrumentInput!) { updateInstrument(input: $input) { instrument { version } errors { code } } }',
        {
          input: {
            id: staging.instrumentId,
            version,
            fields: [
              {
                id: staging.tnmId,
                definitionKey: staging.tnmKey,
                childFields: [{ id: staging.tId, definitionKey: staging.tKey, values: [{ value: round % 2 === 0 ? '3' : '2a' }] }],
              },
            ],
          },
        },
        token,
      );
      const stored = saved.updateInstrument.instrument;
      if (stored) {
        acknowledged.saves.push({ instrumentId: staging.instrumentId, version: stored.version });
        version = stored.version;
        continue;
      }
      acknowledged.refused += 1;
    } catch {
      // No answer: the save may or may not have landed; it is not acknowledged.
      acknowledged.unanswered += 1;
    }
    version = (
      await untilAnswered(() =>
        graph<{ instrument: { version: number } }>(
          front.url,
          'query($id: ID!) { instrument(id: $id) { version } }',
          { id: staging.instrumentId },
          token,
        ),
      )
    ).instrument.version;
  }
}

/** Raises a query on its patient and closes it again, over and over. */
async function queryActor(token: string, studyPatientId: string, running: () => boolean, acknowledged: Acknowledged) {
  const fields = 'dataQuery { id version } errors { code }';
  while (running()) {
    try {
      const raised = await graph<{ createDataQuery: { dataQuery: { id: string; version: number } | null } }>(
        front.url,
        `mutation($input: CreateDataQueryInput!) { createDataQuery(input: $input) { ${fields} } }`,
        { input: { subjectId: studyPatientId, queryTypeIdentifier: 'plausibility', title: 'Bitte prüfen', text: 'Der Wert fehlt.' } },
        token,
      );
      const query = raised.createDataQuery.dataQuery;
      if (!query) continue;
      acknowledged.raised.push(query.id);
      const solved = await graph<{ solveDataQuery: { dataQuery: { id: string } | null } }>(
        front.url,
        `mutation($input: DataQueryActionInput!) { solveDataQuery(input: $input) { ${fields} } }`,
        { input: { id: query.id, version: query.version, text: 'Korrigiert.' } },
        token,
      );
      if (solved.solveDataQuery.dataQuery) acknowledged.solved.push(query.id);
    } catch {
      // Unanswered: not acknowledged.
      acknowledged.unanswered += 1;
    }
  }
}

/** Global id → the record's uuid: the last in `<Type>:<uuid>` or `<Type>:<parent uuid>/<uuid>`, base64url-encoded. */
const recordId = (globalId: string) => Buffer.from(globalId, 'base64url').toString('utf8').split(/[:/]/).at(-1) ?? '';

describe('replicas under load', () => {
  it('lose no acknowledged write, deliver every event exactly once, finish the export, and come back', async () => {
    const [admin, dataManager] = [await signIn('superadmin'), await signIn('datamanager')];
    const study = await demoStudy(admin);
    const patients: Staging[] = [];
    for (let i = 0; i < WRITERS; i += 1)
      patients.push(await stagedPatient(admin, study.studyId, study.locationId, study.baselineId, study.staging));
    const { rows: latest } = await db.query<{ xid: string; id: string }>(
      'SELECT xid::text, id::text FROM domain_event ORDER BY xid DESC, id DESC LIMIT 1',
    );
    const after = latest[0] ? `${latest[0].xid}-${latest[0].id}` : '0-0';
    const startId = Number(latest[0]?.id ?? 0);
    const subscribers: Subscriber[] = Array.from({ length: SUBSCRIBERS }, () => resumingSubscriber(front.url, dataManager, after));

    const acknowledged: Acknowledged = { saves: [], raised: [], solved: [], refused: 0, unanswered: 0 };
    let running = true;
    const load = [
      ...patients.map((patient) => instrumentWriter(admin, patient, () => running, acknowledged)),
      ...patients.slice(0, QUERY_ACTORS).map((patient) => queryActor(dataManager, patient.studyPatientId, () => running, acknowledged)),
    ];
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // The export runs; its row is held once it runs, so the attempt is provably mid-run when the backend running it
    // (the row's worker, host:pid) is killed: neither its lease renewal nor its completion can pass the row.
    const exported = await untilAnswered(() =>
      graph<{ startCsvExport: { exportJob: { id: string } | null } }>(
        front.url,
        'mutation($input: StartCsvExportInput!) { startCsvExport(input: $input) { exportJob { id } } }',
        { input: { studyId: study.studyId } },
        dataManager,
      ),
    );
    const jobId = recordId(exported.startCsvExport.exportJob?.id ?? '');
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    cleanups.push(() => lock.end());
    const held = await waitFor('the export to run, held', async () => {
      await lock.query('BEGIN');
      const { rows } = await lock.query<{ state: string; attempts: number; worker: string }>(
        'SELECT state, attempts, worker FROM export_job WHERE id = $1 FOR UPDATE',
        [jobId],
      );
      if (rows[0]?.state === 'running') return rows[0];
      await lock.query('ROLLBACK');
      return undefined;
    });
    const workerPid = Number(held.worker.split(':').at(-1));
    const killedBackend = backends.find((backend) => backend.pid === workerPid);
    if (!killedBackend) throw new Error(`the export runs on ${held.worker}, which is no backend of this test`);
    const consumer = [...logs.entries()].filter(
      ([name, lines]) => name.startsWith('gateway') && lines.some((line) => line.includes('consumes the backend stream now')),
    );
    const killedGateway = gateways[Number(consumer.at(-1)?.[0].slice(-1) ?? 1) - 1] as SupervisedService;

    const killedAt = Date.now();
    const back = (service: SupervisedService) => service.nextStart().then(() => Date.now() - killedAt);
    const comingBack = Promise.all([back(killedBackend), back(killedGateway)]);
    await Promise.all([killedBackend.kill(), killedGateway.kill()]);
    await lock.query('ROLLBACK');
    const [backendMs, gatewayMs] = await comingBack;

    await new Promise((resolve) => setTimeout(resolve, 5_000));
    running = false;
    await Promise.all(load);

    // Every acknowledged write is in the database.
    const { rows: instruments } = await db.query<{ id: string; version: number }>(
      'SELECT id::text, version FROM instrument WHERE id = ANY($1::uuid[])',
      [patients.map((patient) => recordId(patient.instrumentId))],
    );
    const storedVersion = new Map(instruments.map((row) => [row.id, row.version]));
    for (const save of acknowledged.saves) expect(storedVersion.get(recordId(save.instrumentId))).toBeGreaterThanOrEqual(save.version);
    const { rows: audited } = await db.query<{ record_id: string; version: number }>(
      "SELECT record_id, (new_value->>'version')::int AS version FROM audit_trail WHERE table_name = 'instrument' AND operation = 'Update'",
    );
    const auditedSaves = new Set(audited.map((row) => `${row.record_id}/${row.version}`));
    const missing = acknowledged.saves.filter((save) => !auditedSaves.has(`${recordId(save.instrumentId)}/${save.version}`));
    expect(missing).toEqual([]);
    const { rows: queries } = await db.query<{ id: string; status: string }>(
      'SELECT id::text, status FROM data_query WHERE id = ANY($1::uuid[])',
      [acknowledged.raised.map(recordId)],
    );
    expect(queries.map((query) => query.id).sort()).toEqual(acknowledged.raised.map(recordId).sort());
    const closed = new Set(queries.filter((query) => query.status === 'CLOSED').map((query) => query.id));
    expect(acknowledged.solved.filter((id) => !closed.has(recordId(id)))).toEqual([]);

    // The export completes, on the surviving or the restarted backend, with exactly one file.
    const done = await waitFor(
      'the export to complete',
      async () => {
        const { rows } = await db.query<{ state: string; attempts: number; worker: string; file_name: string; file_sha256: string }>(
          'SELECT state, attempts, worker, file_name, file_sha256 FROM export_job WHERE id = $1',
          [jobId],
        );
        return rows[0]?.state === 'completed' || rows[0]?.state === 'failed' ? rows[0] : undefined;
      },
      90_000,
      () => exportJobState(jobId),
    );
    // Another attempt completed it: a later one than the killed, on a live process (a stall past the 2 s lease on this
    // loaded machine may add an attempt; each attempt is fenced, so the one holding the job completes it).
    expect(done.state).toBe('completed');
    expect(done.attempts).toBeGreaterThan(held.attempts);
    expect(done.worker).not.toBe(held.worker);
    expect(readdirSync(join(exportsDir, jobId))).toEqual([done.file_name]);
    expect(
      createHash('sha256')
        .update(readFileSync(join(exportsDir, jobId, done.file_name)))
        .digest('hex'),
    ).toBe(done.file_sha256);

    // Every subscriber receives every query event exactly once, in the stream's order.
    const { rows: events } = await db.query<{ event_id: string }>(
      "SELECT xid::text || '-' || id::text AS event_id FROM domain_event WHERE type = 'DataQueryChanged' AND id > $1 ORDER BY xid, id",
      [startId],
    );
    const expected = events.map((event) => event.event_id);
    for (const subscriber of subscribers) {
      await waitFor(
        'every event at every subscriber',
        async () => (subscriber.eventIds.length >= expected.length ? true : undefined),
        60_000,
      ).catch(() => undefined);
      subscriber.close();
      expect(subscriber.eventIds).toEqual(expected);
    }
    const reconnects = subscribers.flatMap((subscriber) => subscriber.reconnects);
    expect(reconnects.length).toBeGreaterThan(0);

    // Both killed processes came back by themselves and serve.
    expect(killedBackend.restarts).toBe(1);
    expect(killedGateway.restarts).toBe(1);
    for (const service of [killedBackend, killedGateway]) expect((await fetch(`${service.url}/readyz`)).status).toBe(200);

    const figures = {
      measuredAt: new Date().toISOString(),
      writes: {
        instrumentSavesAcknowledged: acknowledged.saves.length,
        instrumentSavesFound: acknowledged.saves.length - missing.length,
        staleRefused: acknowledged.refused,
        queriesRaisedAcknowledged: acknowledged.raised.length,
        queriesSolvedAcknowledged: acknowledged.solved.length,
        unanswered: acknowledged.unanswered,
      },
      events: { sent: expected.length, receivedPerSubscriber: subscribers.map((subscriber) => subscriber.eventIds.length) },
      reconnectMs: {
        count: reconnects.length,
        max: Math.max(...reconnects),
        median: reconnects.sort((a, b) => a - b)[Math.floor(reconnects.length / 2)],
      },
      restartMs: { backend: backendMs, gateway: gatewayMs },
      export: { killedAttempt: held.attempts, completedAttempt: done.attempts, files: 1 },
    };
    const resultsDir = join(import.meta.dirname, '..', 'test-results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'failover.json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`failover figures: ${JSON.stringify(figures)}`);
  }, 300_000);
});
