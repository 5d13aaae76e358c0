/**
 * /monitoring/* (Mainzelliste's MonitoringResource): plain-text numbers, each behind the permission of its name.
 * - metrics/patientCount, metrics/tentativePatientCount (patients; Mainzelliste counts their tentative ids);
 * - metrics/IDRequestCount?start=YYYY-MM-DD&end=YYYY-MM-DD: answered POST /patients requests (new, tentative or
 *   found patients), from the audit trail; both days count whole, in the registry's time zone (Mainzelliste
 *   stops at midnight before `end`). A malformed date, or an end before the start, is a 400;
 * - status/cpuInfo: the system load per core in [0, 1]; status/memoryInfo: used memory in bytes.
 * Registry extension (issue 29): /monitoring/linkage, JSON, the learning matcher's estimate in use (m and u
 * per comparison level, identities counted and trained on, re-estimations), behind readConfiguration; the
 * reference EpiLink has fixed weights and answers {matcher: 'epilink'}. Probabilities and counts only, no IDAT.
 */
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { Type } from 'typebox';
import { sql } from 'kysely';
import type { App, AppDeps } from '../app-deps.js';
import { recordAccess } from '../audit/audit.js';
import { badRequest } from '../errors/errors.js';

const REGISTRY_TIME_ZONE = 'Europe/Berlin';

function day(text: string | undefined): string | null {
  if (text === undefined) return null;
  const date = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw badRequest(
      `Your request couldn't be processed due to bad input format of the parameters. Message: invalid format of the given date parameter : ${text}. Please make sure to enter dates in the format YYYY-MM-DD`,
    );
  }
  return text;
}

export function registerMonitoringRoutes(app: App, deps: AppDeps): void {
  const metric = (path: string, permission: string, value: () => Promise<number>) =>
    app.get(path, async (request, reply) => {
      recordAccess(request, 'monitoring.read').serverName = deps.auth.authenticate(request, permission).name;
      return reply.type('text/plain; charset=utf-8').send(String(await value()));
    });

  metric('/monitoring/metrics/patientCount', 'getPatientCount', async () => {
    const row = await deps.db
      .selectFrom('patient')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
  metric('/monitoring/metrics/tentativePatientCount', 'getTentativePatientCount', async () => {
    const row = await deps.db
      .selectFrom('patient')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tentative', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
  metric('/monitoring/status/cpuInfo', 'getCpuInfo', async () => Math.min(1, (loadavg()[0] ?? 0) / Math.max(1, cpus().length)));
  metric('/monitoring/status/memoryInfo', 'getMemoryInfo', async () => totalmem() - freemem());

  app.get('/monitoring/linkage', async (request) => {
    recordAccess(request, 'monitoring.read').serverName = deps.auth.authenticate(request, 'readConfiguration').name;
    const estimate = deps.matcher.estimate?.();
    return estimate ? { matcher: deps.config.matcher, ...estimate } : { matcher: deps.config.matcher };
  });

  app.get(
    '/monitoring/metrics/IDRequestCount',
    { schema: { querystring: Type.Object({ start: Type.Optional(Type.String()), end: Type.Optional(Type.String()) }) } },
    async (request, reply) => {
      recordAccess(request, 'monitoring.read').serverName = deps.auth.authenticate(request, 'getIDRequestCount').name;
      const [start, end] = [day(request.query.start), day(request.query.end)];
      if (start !== null && end !== null && end < start) {
        throw badRequest(
          "Your request couldn't be processed due to bad input format of the parameters. Message: The input is invalid because endDate is before startDate",
        );
      }
      let query = deps.db
        .selectFrom('audit_event')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', 'patient.create')
        .where('outcome', 'in', ['match', 'created', 'createdTentative']);
      if (start !== null) query = query.where(sql<boolean>`occurred_at >= (${start}::date::timestamp AT TIME ZONE ${REGISTRY_TIME_ZONE})`);
      if (end !== null) query = query.where(sql<boolean>`occurred_at < ((${end}::date + 1)::timestamp AT TIME ZONE ${REGISTRY_TIME_ZONE})`);
      const row = await query.executeTakeFirstOrThrow();
      return reply.type('text/plain; charset=utf-8').send(String(row.n));
    },
  );
}
