/**
 * Runs one export of the generated registry in this process and prints its time, size and peak RSS as JSON: a
 * process per export, running the built backend (no TypeScript loader), so each peak is the export's own.
 */
import { Writable } from 'node:stream';
import { openDatabase } from '../dist/db/database.js';
import { writeExport } from '../dist/exports/export-execution.js';
import { registrySources } from '../dist/exports/registry-sources.js';

const [databaseUrl = '', studyId = '', kind = 'csv-export', parameters = '{}'] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl });
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
let bytes = 0;
let rows = 0;
const sink = new Writable({
  write(chunk, _encoding, done) {
    bytes += chunk.length;
    done();
  },
});
const started = performance.now();
const scope = {
  studyId,
  locationIds: null,
  parameters: JSON.parse(parameters),
  startedAt: new Date(),
  startedBy: { id: '', userName: 'bench' },
};
await writeExport(kind, { db: database.db, scope }, registrySources, sink, (done) => (rows = done));
await new Promise((resolve) => (sink.writableFinished ? resolve() : sink.once('finish', resolve)));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
await database.close();
console.log(JSON.stringify({ kind, parameters, seconds, bytes, rows, peakRssMb: peak / (1024 * 1024) }));
