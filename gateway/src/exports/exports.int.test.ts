/**
 * Exports through the graph against a real backend with its job runner: a start mutation, the job's progress
 * arriving live through `exportJobUpdated` until it completes, the download streamed through the gateway's
 * one-minute link, the jobs connection without N+1 calls, and typed errors.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { queryFixtures } from '../test-support/query-fixtures.js';
import { subscribe, wsClient } from '../test-support/subscriptions.js';
import { FILE_MESSAGES } from '../graph/messages.js';

let harness: Harness;
let queries: ReturnType<typeof queryFixtures>;
let dataManager: string;
let studyId: string;

const JOB = 'id kind state progress fileName fileSize downloadUrl viewerCanCancel allLocations parameters { fromDate }';
type Job = {
  id: string;
  kind: string;
  state: string;
  progress: number;
  fileName: string;
  fileSize: number | null;
  downloadUrl: string | null;
  viewerCanCancel: boolean;
  allLocations: boolean;
  parameters: { fromDate: string | null };
};
type Update = { exportJobUpdated: { eventId: string; exportJob: Job } };

beforeAll(async () => {
  harness = await startHarness();
  queries = queryFixtures(harness, (await harness.signIn('adminnngm')).token);
  dataManager = (await harness.signIn('datamanager')).token;
  const overview = await queries.graph<{ instituteOverview: { edges: { node: { location: { study: { id: string } } } }[] } }>(
    '{ instituteOverview(scope: ALL) { edges { node { location { study { id } } } } } }',
    {},
    dataManager,
  );
  studyId = overview.instituteOverview.edges[0]?.node.location.study.id ?? '';
});
afterAll(async () => {
  await harness?.close();
});

async function startScreening(token: string, fromDate?: string) {
  const answer = await harness.request<{ startScreeningExport: { exportJob: Job | null; errors: { code: string }[] } }>(
    `mutation($input: StartExportFromInput!) { startScreeningExport(input: $input) { exportJob { ${JOB} } errors { code message path } } }`,
    { input: { studyId, fromDate } },
    token,
  );
  return answer;
}

describe('exports in the graph', () => {
  it('starts an export, reports its progress live until it completes, and streams its file through a one-minute link', async () => {
    const after = await queries.eventHead();
    const client = wsClient(harness.url, dataManager);
    const updates = subscribe<Update>(
      client,
      `subscription($studyId: ID, $after: String) { exportJobUpdated(studyId: $studyId, after: $after) { eventId exportJob { ${JOB} } } }`,
      {
        studyId,
        after,
      },
    );
    const started = await startScreening(dataManager, '2000-01-01T00:00:00Z');
    const job = started.data?.startScreeningExport.exportJob;
    expect(started.data?.startScreeningExport.errors).toEqual([]);
    expect(job).toMatchObject({ kind: 'SCREENING_EXPORT', state: 'QUEUED', downloadUrl: null, viewerCanCancel: true, allLocations: true });
    expect(job?.parameters.fromDate).toBe('2000-01-01T00:00:00.000Z');

    let completed: Job | undefined;
    for (let count = 1; !completed; count += 1) {
      const received = await updates.waitFor(count);
      const last = received.at(-1)?.data?.exportJobUpdated.exportJob;
      if (last && last.id === job?.id && last.state === 'COMPLETED') completed = last;
      if (last?.state === 'FAILED') throw new Error('export failed');
    }
    const states = updates.received
      .map((r) => r.data?.exportJobUpdated.exportJob)
      .filter((j) => j?.id === job?.id)
      .map((j) => j?.state);
    // Each event is read again when it is delivered, and a burst of events is read once: a late reader sees a later
    // state than the event's own, so the states the subscriber receives never go back.
    const lifecycle = ['QUEUED', 'RUNNING', 'COMPLETED'];
    const steps = states.map((state) => lifecycle.indexOf(state ?? ''));
    expect(steps).not.toContain(-1);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(completed).toMatchObject({ progress: 100, viewerCanCancel: false });
    await client.dispose();

    const link = completed.downloadUrl ?? '';
    expect(link).toMatch(/^\/files\//);
    const file = await fetch(`${harness.url}${link}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(completed.fileName);
    const body = Buffer.from(await file.arrayBuffer());
    expect(body.length).toBe(completed.fileSize);
    const rows = parse(body.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[];
    // Every demo patient was registered after 2000.
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers an unknown or forged link with a German page, not a file', async () => {
    const response = await fetch(`${harness.url}/files/not-a-link`);
    expect(response.status).toBe(410);
    expect(await response.text()).toBe(FILE_MESSAGES.expired);
  });

  it('lists a study’s jobs page by page with the same number of backend calls for any page size', async () => {
    await startScreening(dataManager);
    const page = (first: number) =>
      harness.request<{ exportJobs: { totalCount: number; edges: { node: Job }[] } }>(
        `query($studyId: ID!, $first: Int) { exportJobs(studyId: $studyId, first: $first, kinds: [SCREENING_EXPORT]) { totalCount edges { node { ${JOB} } } } }`,
        { studyId, first },
        dataManager,
      );
    const [one, many] = await Promise.all([page(1), page(20)]);
    expect(one.data?.exportJobs.edges).toHaveLength(1);
    expect(many.data?.exportJobs.totalCount).toBeGreaterThanOrEqual(2);
    expect(many.data?.exportJobs.edges.length).toBe(Math.min(20, many.data?.exportJobs.totalCount ?? 0));
    expect(one.extensions?.upstreamCalls).toBe(many.extensions?.upstreamCalls);
  });

  it('tells which kinds the viewer may start, and refuses a start without the right', async () => {
    const physician = await queries.userAt('Physician', ['1001']);
    const kinds = await queries.graph<{ exportKinds: { kind: string; canStart: boolean; canSeeFiles: boolean }[] }>(
      '{ exportKinds { kind canStart canSeeFiles } }',
      {},
      physician,
    );
    expect(kinds.exportKinds.every((kind) => !kind.canStart && !kind.canSeeFiles)).toBe(true);
    const managerKinds = await queries.graph<{ exportKinds: { kind: string; canStart: boolean }[] }>(
      '{ exportKinds { kind canStart } }',
      {},
      dataManager,
    );
    expect(managerKinds.exportKinds.find((kind) => kind.kind === 'CSV_EXPORT')?.canStart).toBe(true);
    const refused = await startScreening(physician);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('starts the FHIR export with its typed parameters; a future since is a user error at its field; without the right FORBIDDEN', async () => {
    type Started = {
      startFhirExport: {
        exportJob: (Job & { parameters: { since: string | null; types: string[] | null } }) | null;
        errors: { code: string; path: string[] }[];
      };
    };
    const start = (input: Record<string, unknown>, token = dataManager) =>
      harness.request<Started>(
        `mutation($input: StartFhirExportInput!) { startFhirExport(input: $input) { exportJob { id kind state parameters { since types } } errors { code message path } } }`,
        { input: { studyId, ...input } },
        token,
      );
    const started = await start({ since: '2001-02-03T04:05:06Z', types: ['PATIENT', 'MEDICATION_STATEMENT'] });
    expect(started.data?.startFhirExport.errors).toEqual([]);
    expect(started.data?.startFhirExport.exportJob).toMatchObject({
      kind: 'FHIR_EXPORT',
      parameters: { since: '2001-02-03T04:05:06.000Z', types: ['PATIENT', 'MEDICATION_STATEMENT'] },
    });
    const future = await start({ since: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.data?.startFhirExport.exportJob).toBeNull();
    expect(future.data?.startFhirExport.errors[0]?.path).toContain('since');
    const physician = await queries.userAt('Physician', ['1001']);
    expect((await start({}, physician)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('cancels a job once and answers EXPORT_ENDED after', async () => {
    const job = (await startScreening(dataManager)).data?.startScreeningExport.exportJob;
    const cancel = () =>
      harness.request<{ cancelExportJob: { exportJob: Job | null; errors: { code: string }[] } }>(
        `mutation($input: CancelExportJobInput!) { cancelExportJob(input: $input) { exportJob { ${JOB} } errors { code message } } }`,
        { input: { id: job?.id } },
        dataManager,
      );
    const first = await cancel();
    // The worker may have finished it already; either way the second answer is EXPORT_ENDED.
    expect(['CANCELLED', undefined]).toContain(first.data?.cancelExportJob.exportJob?.state);
    const second = await cancel();
    expect(second.data?.cancelExportJob.errors.map((e) => e.code)).toEqual(['EXPORT_ENDED']);
  });
});
