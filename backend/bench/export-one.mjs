/**
 * Runs one export of the generated registry as the backend runs it on PostgreSQL (the built backend's worker
 * thread with its capped heap) and prints time, size and the process's peak RSS as JSON: one process per export,
 * so each peak is the export's own.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeInThread } from '../dist/exports/export-thread.js';

const [databaseUrl = '', studyId = '', kind = 'csv-export', parameters = '{}'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'ecrf-bench-export-'));
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
let rows = 0;
const started = performance.now();
const scope = {
  studyId,
  locationIds: null,
  parameters: JSON.parse(parameters),
  startedAt: new Date().toISOString(),
  startedBy: { id: '', userName: 'bench' },
};
const stored = await writeInThread(
  { databaseUrl, dir, jobId: randomUUID(), fileName: 'export', kind, scope },
  (done) => (rows = done),
  new AbortController().signal,
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ kind, parameters, seconds, bytes: stored.size, rows, peakRssMb: peak / (1024 * 1024) }));
