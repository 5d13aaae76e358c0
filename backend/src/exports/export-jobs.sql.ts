/** Queries of export_job (migration 0080). */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ExportJobTable } from '../__generated__/database.js';

export type ExportJobRow = Selectable<ExportJobTable>;

export type NewExportJob = {
  id: string;
  kind: string;
  studyId: string;
  parameters: Record<string, unknown>;
  locationIds: readonly string[] | null;
  startedBy: string;
  startedByName: string;
  fileName: string;
};

export async function insertExportJob(db: Kysely<DB>, job: NewExportJob): Promise<ExportJobRow> {
  return db
    .insertInto('export_job')
    .values({
      id: job.id,
      kind: job.kind,
      study_id: job.studyId,
      parameters: JSON.stringify(job.parameters),
      location_ids: job.locationIds === null ? null : JSON.stringify(job.locationIds),
      started_by: job.startedBy,
      started_by_name: job.startedByName,
      file_name: job.fileName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findExportJob(db: Kysely<DB>, id: string): Promise<ExportJobRow | undefined> {
  return db.selectFrom('export_job').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findExportJobs(db: Kysely<DB>, ids: readonly string[]): Promise<ExportJobRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('export_job')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export type ExportJobFilter = {
  studyId?: string;
  kinds: readonly string[];
  /** Jobs created at or after. */
  fromDate?: string;
  fileName?: string;
  /** Jobs of a generic export definition. */
  definitionId?: string;
};

/** Newest first. */
export async function listExportJobs(db: Kysely<DB>, filter: ExportJobFilter, limit?: number): Promise<ExportJobRow[]> {
  if (filter.kinds.length === 0) return [];
  let query = db
    .selectFrom('export_job')
    .selectAll()
    .where('kind', 'in', [...filter.kinds]);
  if (filter.studyId) query = query.where('study_id', '=', filter.studyId);
  if (filter.fromDate) query = query.where('created_at', '>=', new Date(filter.fromDate));
  if (filter.fileName) query = query.where('file_name', '=', filter.fileName);
  if (filter.definitionId) query = query.where(sql<string>`parameters->>'definitionId'`, '=', filter.definitionId);
  query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/**
 * Takes the job for a worker: a queued job, or a running one whose worker's lease ran out (the worker died or
 * stalled). The row's `attempts` after the claim is the attempt's fencing token: every later write of the attempt
 * names it, so an attempt that lost its lease can no longer change the job. Null when another worker holds it or
 * it has ended (a duplicate delivery of the queue is harmless).
 */
export async function claimExportJob(db: Kysely<DB>, id: string, leaseSeconds: number, worker: string): Promise<ExportJobRow | undefined> {
  return db
    .updateTable('export_job')
    .set({
      state: 'running',
      attempts: sql`attempts + 1`,
      worker,
      started_at: sql`coalesce(started_at, now())`,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where('id', '=', id)
    .where('cancel_requested', '=', false)
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', sql<Date>`now()`)])]))
    .returningAll()
    .executeTakeFirst();
}

/** An attempt's hold on its job: still its own, asked to cancel, or lost (another attempt took it, or it ended). */
export type AttemptHold = 'held' | 'cancel' | 'lost';

/** Progress and a renewed lease of the running attempt `attempt`. */
export async function recordProgress(
  db: Kysely<DB>,
  id: string,
  attempt: number,
  progress: number,
  leaseSeconds: number,
): Promise<AttemptHold> {
  const row = await db
    .updateTable('export_job')
    .set({ progress, lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('attempts', '=', attempt)
    .returning('cancel_requested')
    .executeTakeFirst();
  if (!row) return 'lost';
  return row.cancel_requested ? 'cancel' : 'held';
}

export type JobEnd =
  | { state: 'completed'; size: number; sha256: string; retentionDays: number }
  | { state: 'failed'; reason: string }
  | { state: 'cancelled' }
  /**
   * Back to the queue for another attempt: pg-boss retries its own job, or, with `handOver` (the service stopped
   * while the job ran, pg-boss counts its job done), the sweeper hands the job to the queue anew.
   */
  | { state: 'queued'; reason: string; handOver?: boolean };

/** Ends the running attempt `attempt`; undefined when the attempt no longer holds the job (nothing changes). */
export async function endExportJob(db: Kysely<DB>, id: string, attempt: number, end: JobEnd): Promise<ExportJobRow | undefined> {
  const finished = end.state === 'queued' ? null : sql<Date>`now()`;
  return db
    .updateTable('export_job')
    .set({
      state: end.state,
      lease_until: null,
      finished_at: finished,
      ...(end.state === 'completed'
        ? {
            progress: 100,
            file_size: end.size,
            file_sha256: end.sha256,
            failure_reason: null,
            expires_at: sql<Date>`now() + make_interval(days => ${end.retentionDays})`,
          }
        : {}),
      ...(end.state === 'failed' || end.state === 'queued' ? { failure_reason: end.reason } : {}),
      ...(end.state === 'queued' && end.handOver ? { queue_job_id: null } : {}),
    })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('attempts', '=', attempt)
    .returningAll()
    .executeTakeFirst();
}

/** Cancels a job that has not ended: a queued one at once, a running one by its worker at the next progress step. */
export async function requestCancel(db: Kysely<DB>, id: string): Promise<ExportJobRow | undefined> {
  return db
    .updateTable('export_job')
    .set({
      cancel_requested: true,
      state: sql`CASE WHEN state = 'queued' THEN 'cancelled' ELSE state END`,
      finished_at: sql`CASE WHEN state = 'queued' THEN now() ELSE finished_at END`,
    })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

export async function setQueueJobId(db: Kysely<DB>, id: string, queueJobId: string): Promise<void> {
  await db.updateTable('export_job').set({ queue_job_id: queueJobId }).where('id', '=', id).execute();
}

/**
 * Jobs to hand to the queue again: running ones whose worker was lost, queued ones never handed over. A lost job
 * whose cancellation was asked for is not among them: the sweeper ends it (findLostCancelledJobs).
 */
export async function findStrandedJobs(db: Kysely<DB>): Promise<ExportJobRow[]> {
  return db
    .selectFrom('export_job')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'running'), eb('cancel_requested', '=', false), eb('lease_until', '<', sql<Date>`now()`)]),
        eb.and([eb('state', '=', 'queued'), eb('queue_job_id', 'is', null), eb('created_at', '<', sql<Date>`now() - interval '1 minute'`)]),
      ]),
    )
    .execute();
}

/** Running jobs to be cancelled whose worker was lost before it saw the cancellation. */
export async function findLostCancelledJobs(db: Kysely<DB>): Promise<ExportJobRow[]> {
  return db
    .selectFrom('export_job')
    .selectAll()
    .where('state', '=', 'running')
    .where('cancel_requested', '=', true)
    .where('lease_until', '<', sql<Date>`now()`)
    .execute();
}

/** Completed jobs whose retention ran out: their files are removed and the job says so. */
export async function expireJobs(db: Kysely<DB>): Promise<ExportJobRow[]> {
  return db
    .updateTable('export_job')
    .set({ state: 'expired' })
    .where('state', '=', 'completed')
    .where('expires_at', '<', sql<Date>`now()`)
    .returningAll()
    .execute();
}

export async function studyIdentifier(db: Kysely<DB>, studyId: string): Promise<string | undefined> {
  const row = await db.selectFrom('study').select('identifier').where('id', '=', studyId).executeTakeFirst();
  return row?.identifier;
}
