/**
 * The schedules of generic export definitions: one croner job (Europe/Berlin) per live definition with a
 * cron expression. Every backend replica runs the schedule; at each tick the replicas race to claim the run
 * (one row per definition and due minute, generic_export_run), and only the winner starts the export job,
 * for the user who saved the definition last. Definitions are re-read every minute (and on reload()), so a
 * change made on any replica reaches every schedule.
 */
import { genericExportJobParameters } from './generic-export.source.js';
import { REGISTRY_TIME_ZONE } from '@ecrf/rules';
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { ExportJobStarter } from '../export-content/export-job-starter.js';
import { claimScheduledRun, findGenericExport, findScheduledGenericExports, recordScheduledJob } from './generic-exports.sql.js';

export type ScheduleLog = { info(object: object, message: string): void; error(object: object, message: string): void };

export type GenericExportScheduleOptions = {
  db: Kysely<DB>;
  starter: ExportJobStarter;
  log: ScheduleLog;
  clock?: () => Date;
  /** How often the definitions are re-read; default one minute. */
  reloadIntervalMs?: number;
};

export type GenericExportSchedule = {
  stop(): Promise<void>;
  reload(): Promise<void>;
  /** The definitions scheduled now, with their expressions. */
  scheduled(): ReadonlyMap<string, string>;
  /** Runs a definition's schedule once now, as its timer does: claims the current minute and starts the job if the claim wins. */
  runDue(definitionId: string): Promise<{ started: string | null }>;
};

const MINUTE = 60_000;

/** The minute a tick is due at, the same on every replica: the nearest minute (ticks fire at :00, clocks drift by less than 30 s). */
export const dueMinuteOf = (now: Date): Date => new Date(Math.round(now.getTime() / MINUTE) * MINUTE);

export function startGenericExportSchedule(options: GenericExportScheduleOptions): GenericExportSchedule {
  const { db, starter, log, clock = () => new Date(), reloadIntervalMs = MINUTE } = options;
  const jobs = new Map<string, { cron: string; job: Cron }>();
  let stopped = false;
  let reloading: Promise<void> = Promise.resolve();

  async function runDue(definitionId: string): Promise<{ started: string | null }> {
    const dueAt = dueMinuteOf(clock());
    // Read again at the tick: a definition deleted or unscheduled since the last reload does not run.
    const definition = await findGenericExport(db, definitionId);
    if (!definition || definition.is_deleted || definition.cron === null || definition.changed_by_id === null) return { started: null };
    if (!(await claimScheduledRun(db, definitionId, dueAt))) return { started: null };
    const { id } = await starter.start({
      kind: 'generic-export',
      studyId: definition.study_id,
      parameters: genericExportJobParameters(definition),
      startedBy: definition.changed_by_id,
    });
    await recordScheduledJob(db, definitionId, dueAt, id);
    log.info({ definitionId, dueAt: dueAt.toISOString(), jobId: id }, 'scheduled generic export started');
    return { started: id };
  }

  const tick = (definitionId: string) => async (): Promise<void> => {
    try {
      await runDue(definitionId);
    } catch (error) {
      log.error({ err: error, definitionId }, 'scheduled generic export failed to start');
    }
  };

  async function load(): Promise<void> {
    const rows = await findScheduledGenericExports(db);
    if (stopped) return;
    const wanted = new Map(rows.flatMap((row) => (row.cron === null ? [] : [[row.id, row.cron] as const])));
    for (const [id, entry] of jobs) {
      if (wanted.get(id) === entry.cron) continue;
      entry.job.stop();
      jobs.delete(id);
    }
    for (const [id, cron] of wanted) {
      if (jobs.has(id)) continue;
      try {
        // protect: a tick still starting its job is not started twice by the next one.
        jobs.set(id, { cron, job: new Cron(cron, { timezone: REGISTRY_TIME_ZONE, protect: true }, tick(id)) });
      } catch (error) {
        // Stored expressions passed the rules' check; one that croner refuses later must not stop the others.
        log.error({ err: error, definitionId: id, cron }, 'generic export schedule refused');
      }
    }
  }

  const reload = (): Promise<void> => {
    reloading = reloading.then(load, load);
    return reloading;
  };
  const timer = setInterval(() => {
    reload().catch((error: unknown) => log.error({ err: error }, 'generic export schedules not reloaded'));
  }, reloadIntervalMs);
  timer.unref();
  reload().catch((error: unknown) => log.error({ err: error }, 'generic export schedules not loaded'));

  return {
    reload,
    runDue,
    scheduled: () => new Map([...jobs].map(([id, entry]) => [id, entry.cron])),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await reloading.catch(() => undefined);
      for (const entry of jobs.values()) entry.job.stop();
      jobs.clear();
    },
  };
}
