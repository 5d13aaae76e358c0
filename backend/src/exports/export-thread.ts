/**
 * Runs an export's writer in a worker thread (export-worker.ts) on PostgreSQL: the export's garbage stays in the
 * worker's capped heap, and the backend keeps answering while a file is written. Embedded PGlite is one
 * in-process database that a second thread cannot open, so there the writer runs in the backend's own thread.
 */
import { Worker } from 'node:worker_threads';
import type { StoredFile } from './export-files.js';
import { exportWorkerEntry } from './export-worker-entry.js';
import type { ExportThreadData, ExportThreadMessage } from './export-worker.js';

/** The worker's old-generation heap: the export's working set is a few chunks of rows; garbage is collected early. */
export const EXPORT_THREAD_HEAP_MB = 96;

export function writeInThread(
  data: ExportThreadData,
  progress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const workerEntry = exportWorkerEntry();
    const worker = new Worker(workerEntry.entry, {
      eval: workerEntry.eval,
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: EXPORT_THREAD_HEAP_MB },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', stop);
      finish();
    };
    const stop = () => {
      void worker.terminate();
      settle(() => reject(signal.reason));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.on('message', (message: ExportThreadMessage) => {
      if (message.type === 'progress') {
        try {
          progress(message.done, message.total);
        } catch {
          // A cancellation seen by the progress step aborts the signal, which ends the worker.
        }
      } else if (message.type === 'done') settle(() => resolve({ size: message.size, sha256: message.sha256 }));
      else settle(() => reject(new Error(message.message)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`export worker ended with code ${code}`))));
  });
}
