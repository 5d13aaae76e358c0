/**
 * Durable export jobs on pg-boss (PostgreSQL, or PGlite through its executeSql adapter). The export_job row is
 * the registry's record; pg-boss carries the work to a worker, with retries and back-off. A worker holds a lease
 * it renews while it writes; when a worker dies (a killed process), its lease runs out and the sweeper hands
 * the job to the queue again, so it completes on another worker or after a restart, with exactly one file.
 * A worker that only stalled past its lease (a loaded machine) may still be running when another attempt takes
 * the job: every write of an attempt is fenced by its attempt number, so the stalled one stops when it notices,
 * changing neither the row nor the new attempt's file (docs/decisions.md "Export attempts are fenced").
 */
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import { registryToday } from '@ecrf/rules';
import type { DB } from '../__generated__/database.js';
import { audit, SYSTEM_ACTOR } from '../audit/audit.service.js';
import type { ExportSettings } from '../config/config.js';
import type { Database } from '../db/database.js';
import { recordEvent } from '../events/domain-events.js';
import { loadCaller, type CurrentUser } from '../http/route-access.js';
import { readableLocations } from './export-access.js';
import type { ExportScope } from '../export-content/export-content.js';
import { fileExtension, writeExport } from './export-execution.js';
import { placeJobFile, removeAttemptFile, removeJobFiles, writeJobFile } from './export-files.js';
import { writeInThread } from './export-thread.js';
import type { ExportJobStarter, StartExportJob } from '../export-content/export-job-starter.js';
import {
  claimExportJob,
  endExportJob,
  expireJobs,
  findExportJob,
  findLostCancelledJobs,
  findStrandedJobs,
  insertExportJob,
  recordProgress,
  requestCancel,
  setQueueJobId,
  studyIdentifier,
  type AttemptHold,
  type ExportJobRow,
  type JobEnd,
} from './export-jobs.sql.js';
import { EXPORT_KINDS, type ExportKind } from './export-kinds.js';
import type { ExportSources } from './export-sources.js';

const QUEUE = 'export-job';
const RETENTION_QUEUE = 'export-retention';
/** Three attempts in all, 10 s, 20 s apart; a job's pg-boss expiry is long: lost workers are found by their lease. */
const RETRY = { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 6 * 60 * 60 };
export const MAX_ATTEMPTS = RETRY.retryLimit + 1;
/** Time for aborted jobs to go back to the queue at shutdown, after the drain time (settings.drainMs). */
const HAND_OVER_MS = 5_000;
/** Progress is written (and announced) at most this often. */
const PROGRESS_INTERVAL_MS = 250;

export type ExportRuntime = ExportJobStarter & {
  /** Starts a job for a signed-in caller. */
  startFor(caller: CurrentUser, request: Omit<StartExportJob, 'startedBy'>): Promise<ExportJobRow>;
  cancel(caller: CurrentUser, jobId: string): Promise<ExportJobRow | undefined>;
  /** Runs jobs in this process (the server does; tests may build apps without workers). */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
};

export type ExportRuntimeOptions = {
  database: Database;
  settings: ExportSettings;
  sources: ExportSources;
  clock: () => Date;
  /** Wakes this process's event streams after a worker recorded an event (PGlite has no NOTIFY). */
  onEvent: () => void;
  /** Where a worker thread writes files (the registry's sources on PostgreSQL); null: in this thread. */
  thread: { databaseUrl: string } | null;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
};

class Cancelled extends Error {}
/** Another attempt took the job over (this one's lease ran out while it stalled), or the job ended meanwhile. */
class Lost extends Error {}

/** Names this process in the job it runs (export_job.worker): which replica to look at. */
const WORKER = `${hostname()}:${process.pid}`;

/** `<kind>_<study>_<yyyyMMdd-HHmmss>_<id>.<ext>`: unique, sortable, and safe in any file system. */
function fileNameOf(kind: ExportKind, study: string, startedAt: Date, jobId: string, parameters: Record<string, unknown>): string {
  const time = startedAt.toISOString().slice(11, 19).replaceAll(':', '');
  const day = registryToday(startedAt).replaceAll('-', '');
  return `${kind}_${study.replace(/[^\w-]/g, '_')}_${day}-${time}_${jobId.slice(0, 8)}.${fileExtension(kind, parameters)}`;
}

/**
 * Installs the job queue's schema and queues as the database's owner (issue 31 item 2), so that a service logged in
 * with the least privileges (ecrf_app) starts pg-boss without any DDL, and grants ecrf_app what the queue needs: its
 * tables' rows, sequences and functions, nothing else.
 */
export async function installJobQueue(owner: Database['jobQueue'], schema: string): Promise<void> {
  const boss = new PgBoss({ ...owner, schema, supervise: false, schedule: false });
  await boss.start();
  try {
    await boss.createQueue(QUEUE, { name: QUEUE, ...RETRY });
    await boss.createQueue(RETENTION_QUEUE, { name: RETENTION_QUEUE });
    await boss
      .getDb()
      .executeSql(
        [
          `GRANT USAGE ON SCHEMA ${schema} TO ecrf_app`,
          `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ecrf_app`,
          `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ecrf_app`,
          `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ecrf_app`,
        ].join(';\n'),
        [],
      );
  } finally {
    await boss.stop({ graceful: false, wait: true, close: true });
  }
}

export function createExportRuntime(options: ExportRuntimeOptions): ExportRuntime {
  const { database, settings, sources, clock, log } = options;
  const db: Kysely<DB> = database.db;
  const boss = new PgBoss({ ...database.jobQueue, schema: settings.queueSchema });
  boss.on('error', (error) => log.warn({ err: error }, 'export queue error'));
  let started: Promise<void> | null = null;
  const running = new Map<string, AbortController>();
  let sweeper: NodeJS.Timeout | null = null;
  let closed = false;

  const ready = () =>
    (started ??= (async () => {
      await boss.start();
      await boss.createQueue(QUEUE, { name: QUEUE, ...RETRY });
      await boss.createQueue(RETENTION_QUEUE, { name: RETENTION_QUEUE });
    })());

  /** Writes the row's change and its event in one transaction. */
  async function changed(update: (trx: Kysely<DB>) => Promise<ExportJobRow | undefined>): Promise<ExportJobRow | undefined> {
    const row = await db.transaction().execute(async (trx) => {
      const next = await update(trx);
      if (next) await announce(trx, next);
      return next;
    });
    options.onEvent();
    return row;
  }

  async function announce(trx: Kysely<DB>, job: ExportJobRow): Promise<void> {
    await recordEvent(trx, {
      type: 'ExportJobChanged',
      studyId: job.study_id,
      studyPatientId: null,
      studyInstituteId: null,
      payload: {
        jobId: job.id,
        kind: job.kind,
        state: job.state,
        progress: job.progress,
        filesRight: EXPORT_KINDS[job.kind as ExportKind].files,
        locationIds: job.location_ids,
      },
    });
  }

  async function enqueue(jobId: string): Promise<void> {
    await ready();
    const queueJobId = await boss.send(QUEUE, { jobId });
    if (queueJobId) await setQueueJobId(db, jobId, queueJobId);
  }

  async function startFor(caller: CurrentUser, request: Omit<StartExportJob, 'startedBy'>): Promise<ExportJobRow> {
    const study = (await studyIdentifier(db, request.studyId)) ?? request.studyId;
    const locationIds = await readableLocations(db, caller);
    const id = crypto.randomUUID();
    const parameters = { ...request.parameters };
    const job = await changed(async (trx) => {
      const row = await insertExportJob(trx, {
        id,
        kind: request.kind,
        studyId: request.studyId,
        parameters,
        locationIds,
        startedBy: caller.id,
        startedByName: caller.userName,
        fileName: fileNameOf(request.kind, study, clock(), id, parameters),
      });
      await audit(trx, {
        actor: { userId: caller.id, userName: caller.userName },
        tableName: 'export_job',
        recordId: row.id,
        operation: 'Create',
        newValue: { kind: row.kind, studyId: row.study_id, parameters, locationIds, fileName: row.file_name },
      });
      return row;
    });
    if (!job) throw new Error('export job not stored');
    // A failure to hand over is repaired by the sweeper (a queued job without a queue id).
    await enqueue(job.id).catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'export job not queued yet'));
    return job;
  }

  async function start(request: StartExportJob): Promise<{ id: string }> {
    const caller = await loadCaller(db, request.startedBy);
    if (!caller) throw new Error(`user ${request.startedBy} cannot start exports (deactivated or deleted)`);
    const job = await startFor(caller, request);
    return { id: job.id };
  }

  async function cancel(caller: CurrentUser, jobId: string): Promise<ExportJobRow | undefined> {
    const before = await findExportJob(db, jobId);
    const job = await changed(async (trx) => {
      const row = await requestCancel(trx, jobId);
      if (row && before) {
        await audit(trx, {
          actor: { userId: caller.id, userName: caller.userName },
          tableName: 'export_job',
          recordId: jobId,
          operation: 'Update',
          oldValue: { state: before.state, cancelRequested: before.cancel_requested },
          newValue: { state: row.state, cancelRequested: true },
        });
      }
      return row;
    });
    running.get(jobId)?.abort(new Cancelled());
    return job;
  }

  /** Ends the attempt `job` names; undefined when it no longer holds the job. A completion places its file first. */
  async function end(job: ExportJobRow, result: JobEnd): Promise<ExportJobRow | undefined> {
    return changed(async (trx) => {
      const row = await endExportJob(trx, job.id, job.attempts, result);
      if (row && result.state === 'completed') {
        // Under the row's lock: no other attempt can end the job until this commits.
        if (row.file_name) await placeJobFile(settings.dir, job.id, job.attempts, row.file_name);
        await audit(trx, {
          actor: SYSTEM_ACTOR,
          tableName: 'export_job',
          recordId: job.id,
          operation: 'Update',
          oldValue: { state: job.state },
          newValue: { state: row.state, fileName: row.file_name, size: result.size, sha256: result.sha256 },
        });
      }
      return row;
    });
  }

  async function execute(jobId: string): Promise<void> {
    const job = await changed((trx) => claimExportJob(trx, jobId, settings.leaseSeconds, WORKER));
    if (!job?.file_name) return;
    const attempt = job.attempts;
    const controller = new AbortController();
    const stopIf = (hold: AttemptHold) => {
      if (hold === 'cancel') controller.abort(new Cancelled());
      if (hold === 'lost') controller.abort(new Lost());
    };
    running.set(job.id, controller);
    const scope: ExportScope = {
      studyId: job.study_id,
      locationIds: job.location_ids,
      parameters: job.parameters,
      startedAt: job.created_at,
      startedBy: { id: job.started_by, userName: job.started_by_name },
    };
    let lastWrite = 0;
    let percent = 0;
    // The lease is renewed with the progress, and on its own while a slow query keeps progress still.
    const lease = setInterval(
      // A cancellation or a lost lease is seen here too while a slow query keeps the progress still.
      () => void recordProgress(db, job.id, attempt, percent, settings.leaseSeconds).then(stopIf, () => undefined),
      (settings.leaseSeconds * 1000) / 3,
    );
    const progress = (done: number, total: number) => {
      controller.signal.throwIfAborted();
      const next = total === 0 ? 0 : Math.min(99, Math.floor((done / total) * 100));
      const now = Date.now();
      if (next === percent || now - lastWrite < PROGRESS_INTERVAL_MS) return;
      percent = next;
      lastWrite = now;
      void changed(async (trx) => {
        const hold = await recordProgress(trx, job.id, attempt, next, settings.leaseSeconds);
        stopIf(hold);
        return hold === 'held' ? { ...job, state: 'running', progress: next } : undefined;
      }).catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'export progress not recorded'));
    };
    try {
      const kind = job.kind as ExportKind;
      const stored = options.thread
        ? await writeInThread(
            {
              databaseUrl: options.thread.databaseUrl,
              dir: settings.dir,
              jobId: job.id,
              attempt,
              kind,
              scope: { ...scope, startedAt: scope.startedAt.toISOString() },
            },
            progress,
            controller.signal,
          )
        : await writeJobFile(settings.dir, job.id, attempt, (out) => writeExport(kind, { db, scope }, sources, out, progress));
      controller.signal.throwIfAborted();
      if (!(await end(job, { state: 'completed', ...stored, retentionDays: settings.retentionDays }))) throw new Lost();
    } catch (error) {
      // Nothing of an attempt that did not complete stays (a stopped worker thread leaves its partial file).
      await removeAttemptFile(settings.dir, job.id, attempt);
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof Lost) {
        log.warn({ jobId: job.id, attempt }, 'export attempt lost its job to another attempt; it stops');
        return;
      }
      if (reason instanceof Cancelled) {
        if (await end(job, { state: 'cancelled' })) await removeJobFiles(settings.dir, job.id);
        return;
      }
      const message = reason instanceof Error ? reason.message : String(reason);
      if (closed)
        return void (await end(job, {
          state: 'queued',
          reason: 'Der Exportdienst wurde beendet; der Export wird fortgesetzt.',
          handOver: true,
        }));
      const last = attempt >= MAX_ATTEMPTS;
      log.error({ err: reason, jobId: job.id, attempt }, 'export job failed');
      const ended = await end(job, last ? { state: 'failed', reason: message } : { state: 'queued', reason: message });
      // pg-boss retries with back-off while attempts remain, unless another attempt holds the job meanwhile.
      if (ended && !last) throw reason;
    } finally {
      clearInterval(lease);
      running.delete(job.id);
    }
  }

  async function sweep(): Promise<void> {
    for (const job of await findLostCancelledJobs(db)) {
      await removeJobFiles(settings.dir, job.id);
      await end(job, { state: 'cancelled' });
    }
    for (const job of await findStrandedJobs(db)) {
      log.warn({ jobId: job.id, state: job.state }, 'export job handed to the queue again');
      await enqueue(job.id);
    }
  }

  async function removeExpired(): Promise<void> {
    for (const job of await expireJobs(db)) {
      await removeJobFiles(settings.dir, job.id);
      await changed(async (trx) => {
        await announce(trx, job);
        return undefined;
      });
    }
  }

  return {
    start,
    startFor,
    cancel,
    async startWorkers() {
      await ready();
      await boss.work<{ jobId: string }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([queued]) => {
        if (queued) await execute(queued.data.jobId);
      });
      await boss.work(RETENTION_QUEUE, async () => removeExpired());
      await boss.schedule(RETENTION_QUEUE, '17 * * * *', {}, { tz: 'Europe/Berlin' });
      await sweep();
      sweeper = setInterval(
        () => void sweep().catch((error: unknown) => log.warn({ err: error }, 'export sweep failed')),
        settings.leaseSeconds * 1000,
      );
    },
    async close() {
      closed = true;
      if (sweeper) clearInterval(sweeper);
      if (!started) return;
      await started.catch(() => undefined);
      // Workers take no more jobs; running ones may finish within the drain time, then go back to the queue.
      const handOver = setTimeout(() => {
        for (const controller of running.values()) controller.abort(new Error('closing'));
      }, settings.drainMs);
      try {
        await boss.stop({ graceful: true, wait: true, timeout: settings.drainMs + HAND_OVER_MS, close: true });
      } finally {
        clearTimeout(handOver);
      }
    },
  };
}
