/**
 * FHIR Bulk Data Access over HTTP (issue 28 item 1): kick-off → 202 with Content-Location, the status URL until the
 * manifest, each NDJSON file downloaded with the same token; the public CapabilityStatement; every failure an
 * OperationOutcome (401 without a token, 403 without the right, 400 for a bad parameter, 404 for an unknown job).
 */
import type { Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createPatientWithBaseline, demoRegistry, type DemoRegistry } from '../../test-support/documentation-fixtures.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../../test-support/test-backend.js';
import { validationErrors } from './fhir-validation.test-support.js';

type Manifest = {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string }[];
  error: unknown[];
};
type Outcome = {
  resourceType: string;
  issue: { severity: string; code: string; diagnostics?: string; expression?: string[]; details?: { coding?: { code: string }[] } }[];
};

let backend: TestBackend;
let registry: DemoRegistry;
let token: string;
let studyPatientId: string;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = bearer(token), payload?: object) =>
  backend.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const exportPath = () => `/api/v1.0/fhir/Group/${registry.studyId}/$export`;
const pathOf = (url: string) => new URL(url).pathname;

/** Polls the status URL until it answers something other than 202; every 202 carries X-Progress. */
async function finished(statusUrl: string) {
  for (let i = 0; i < 1200; i += 1) {
    const status = await call('GET', pathOf(statusUrl));
    if (status.statusCode !== 202) return status;
    expect(status.headers['x-progress']).toMatch(/^\d+%$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not finish');
}

beforeAll(async () => {
  backend = await createTestBackend({}, undefined, { exportWorkers: true });
  registry = await demoRegistry(backend.database);
  const manager = await createTestUser(backend.database, { role: 'SuperAdmin' });
  token = (await signIn(backend.app, manager.userName, manager.password)).token;
  ({ studyPatientId } = await createPatientWithBaseline(api(backend.app, token), registry, '1001', '2024-03-04'));
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

describe('FHIR Bulk Data', () => {
  it('publishes a CapabilityStatement without sign-in', async () => {
    const response = await call('GET', '/api/v1.0/fhir/metadata', {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const statement = response.json<Resource>();
    expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance' });
    expect(validationErrors(statement)).toEqual([]);
  });

  it('kick-off, status and manifest, and each file downloaded with the token', async () => {
    const kickOff = await call(
      'GET',
      `${exportPath()}?_type=Patient,Encounter&_outputFormat=${encodeURIComponent('application/fhir+ndjson')}`,
    );
    expect(kickOff.statusCode).toBe(202);
    const statusUrl = String(kickOff.headers['content-location']);
    expect(statusUrl).toMatch(/\/api\/v1\.0\/fhir\/bulkstatus\/[0-9a-f-]{36}$/);
    const done = await finished(statusUrl);
    expect(done.statusCode).toBe(200);
    const manifest = done.json<Manifest>();
    expect(manifest.requiresAccessToken).toBe(true);
    expect(manifest.request).toContain(`/fhir/Group/${registry.studyId}/$export?_type=Patient%2CEncounter`);
    expect(Date.parse(manifest.transactionTime)).not.toBeNaN();
    expect(manifest.output.map((o) => o.type).sort()).toEqual(['Encounter', 'Patient']);
    const read = new Map<string, Resource[]>();
    for (const output of manifest.output) {
      const file = await call('GET', pathOf(output.url));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
      read.set(
        output.type,
        file.body
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Resource),
      );
    }
    expect(read.get('Patient')?.map((p) => p.id)).toContain(studyPatientId);
    expect(read.get('Encounter')?.every((e) => e.resourceType === 'Encounter')).toBe(true);
    // Without the token the files stay closed.
    expect((await call('GET', pathOf(manifest.output[0]?.url ?? ''), {})).statusCode).toBe(401);
    // An ended export cannot be cancelled.
    expect((await call('DELETE', pathOf(statusUrl))).statusCode).toBe(404);
  });

  it('POST with a Parameters resource takes _since', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const kickOff = await call('POST', exportPath(), bearer(token), {
      resourceType: 'Parameters',
      parameter: [{ name: '_since', valueInstant: since }],
    });
    expect(kickOff.statusCode).toBe(202);
    const manifest = (await finished(String(kickOff.headers['content-location']))).json<Manifest>();
    expect(manifest.request).toContain(`_since=${encodeURIComponent(new Date(since).toISOString())}`);
  });

  it('answers failures as OperationOutcome', async () => {
    const outcome = (response: { statusCode: number; json: <T>() => T; headers: Record<string, unknown> }) => {
      expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
      return response.json<Outcome>();
    };
    const anonymous = await call('GET', exportPath(), {});
    expect([anonymous.statusCode, outcome(anonymous).issue[0]?.code]).toEqual([401, 'login']);

    const physician = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
    const theirs = (await signIn(backend.app, physician.userName, physician.password)).token;
    const refused = await call('GET', exportPath(), bearer(theirs));
    expect([refused.statusCode, outcome(refused).issue[0]?.code]).toEqual([403, 'forbidden']);
    expect(outcome(refused).issue[0]?.details?.coding?.[0]?.code).toBe('ECRF_ERR_FORBIDDEN');

    const future = await call('GET', `${exportPath()}?_since=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`);
    expect(future.statusCode).toBe(400);
    expect(outcome(future).issue[0]).toMatchObject({ severity: 'error', code: 'invalid', expression: ['since'] });
    expect(outcome(future).issue[0]?.diagnostics).toContain('geändert seit');

    const format = await call('GET', `${exportPath()}?_outputFormat=text%2Fcsv`);
    expect([format.statusCode, outcome(format).issue[0]?.expression]).toEqual([400, ['_outputFormat']]);

    const unknown = await call('GET', '/api/v1.0/fhir/bulkstatus/00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, outcome(unknown).issue[0]?.code]).toEqual([404, 'not-found']);
  });
});
