/**
 * `DATABASE_URL=… tsx backend/bench/fhir-export.ts [studyIdentifier]` (issue 28 "Done when"): the FHIR export of a
 * registry (e.g. one of `npm run generate -- --patients 20000`) as the backend writes it (the built backend's worker
 * thread), then every resource validated against FHIR R4 base and every reference resolved. Prints the time, the
 * file size, the peak RSS of this process, resources per type, validation errors and dangling references as JSON.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Resource } from '@medplum/fhirtypes';
import { unzipSync, strFromU8 } from 'fflate';
import pg from 'pg';
import { writeInThread } from '../dist/exports/export-thread.js';
import { referencesOf, validationErrors } from '../src/exports/fhir/fhir-validation.test-support.js';

const databaseUrl = process.env.DATABASE_URL ?? '';
const identifier = process.argv[2] ?? 'NNGM';
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const study = await client.query<{ id: string }>('SELECT id FROM study WHERE identifier = $1', [identifier]);
await client.end();
const studyId = study.rows[0]?.id ?? '';

const dir = mkdtempSync(join(tmpdir(), 'ecrf-fhir-export-'));
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const started = performance.now();
const scope = { studyId, locationIds: null, parameters: {}, startedAt: new Date().toISOString(), startedBy: { id: '', userName: 'bench' } };
const stored = await writeInThread(
  { databaseUrl, dir, jobId: 'fhir', fileName: `${randomUUID()}.zip`, kind: 'fhir-export', scope },
  () => undefined,
  new AbortController().signal,
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);

const validationStarted = performance.now();
// The thread leaves the attempt's file in the job's directory (placing it under its name is the runtime's step).
const [written = ''] = readdirSync(join(dir, 'fhir'));
const entries = unzipSync(new Uint8Array(readFileSync(join(dir, 'fhir', written))));
rmSync(dir, { recursive: true, force: true });
const counts: Record<string, number> = {};
const known = new Set<string>();
const references: string[] = [];
const errors: string[] = [];
for (const [name, data] of Object.entries(entries)) {
  for (const line of strFromU8(data).split('\n')) {
    if (line === '') continue;
    const resource = JSON.parse(line) as Resource;
    counts[name] = (counts[name] ?? 0) + 1;
    known.add(`${resource.resourceType}/${resource.id ?? ''}`);
    references.push(...referencesOf(resource));
    errors.push(...validationErrors(resource));
  }
}
const dangling = references.filter((reference) => !known.has(reference));
console.log(
  JSON.stringify({
    exportSeconds: Number(seconds.toFixed(1)),
    megabytes: Number((stored.size / 1024 / 1024).toFixed(1)),
    peakRssMb: Math.round(peak / 1024 / 1024),
    resources: known.size,
    counts,
    validationSeconds: Number(((performance.now() - validationStarted) / 1000).toFixed(1)),
    validationErrors: errors.length,
    firstErrors: errors.slice(0, 5),
    danglingReferences: dangling.length,
  }),
);
