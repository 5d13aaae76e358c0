/**
 * A worker thread that writes one export file (export-thread.ts starts it): its own database connection, the
 * registry's sources, and a heap of its own with a cap, so a large export neither grows the backend's memory nor
 * blocks its event loop. Progress goes to the parent when the percentage changes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database.js';
import type { ExportScope } from '../export-content/export-content.js';
import { writeExport } from './export-execution.js';
import { writeJobFile } from './export-files.js';
import type { ExportKind } from './export-kinds.js';
import { registrySources } from './registry-sources.js';

export type ExportThreadData = {
  databaseUrl: string;
  dir: string;
  jobId: string;
  /** The attempt whose partial file the thread writes (export-files.ts). */
  attempt: number;
  kind: ExportKind;
  scope: Omit<ExportScope, 'startedAt'> & { startedAt: string };
};

export type ExportThreadMessage =
  { type: 'progress'; done: number; total: number } | { type: 'done'; size: number; sha256: string } | { type: 'failed'; message: string };

const data = workerData as ExportThreadData;
const post = (message: ExportThreadMessage) => parentPort?.postMessage(message);
const database = await openDatabase({ databaseUrl: data.databaseUrl });
let percent = -1;
try {
  const stored = await writeJobFile(data.dir, data.jobId, data.attempt, (out) =>
    writeExport(
      data.kind,
      { db: database.db, scope: { ...data.scope, startedAt: new Date(data.scope.startedAt) } },
      registrySources,
      out,
      (done, total) => {
        const next = total === 0 ? 0 : Math.floor((done / total) * 100);
        if (next === percent) return;
        percent = next;
        post({ type: 'progress', done, total });
      },
    ),
  );
  post({ type: 'done', ...stored });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
} finally {
  await database.close();
}
