/**
 * The registry dashboard of /home (issue 11): open queries per location, query ageing, documentation
 * completeness per location and recruitment over the last 24 months, over the caller's locations or, with
 * StudyPatientGetAllCmd, every location. The query figures need a query read right, else they are empty.
 */
import { hasRight, registryToday } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { visibleTypes, viewerOf } from '../data-queries/data-queries.service.js';
import { callerOf } from '../http/route-access.js';
import { Uuid, routeSchema } from '../http/schemas.js';
import { documentationCompleteness, openQueriesByLocation, queryAgeing, registrationsByMonth } from './dashboard.sql.js';

const Count = Type.Integer({ minimum: 0 });
const RECRUITMENT_MONTHS = 24;

const DashboardSchema = Type.Object({
  openQueriesByLocation: Type.Array(Type.Object({ studyInstituteId: Uuid, open: Count, pending: Count })),
  queryAgeing: Type.Array(Type.Object({ fromDays: Count, toDays: Type.Union([Count, Type.Null()]), count: Count })),
  documentationCompleteness: Type.Array(
    Type.Object({ studyInstituteId: Uuid, complete: Count, missingData: Count, new: Count }, { description: 'visits by state' }),
  ),
  recruitment: Type.Array(Type.Object({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }), registered: Count })),
});

/** The last `count` months up to the one of `today` (yyyy-MM-dd), oldest first. */
export function monthsUpTo(today: string, count: number): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}

export function registerDashboardRoutes(app: App, { db, config }: AppDeps): void {
  app.get(
    '/Dashboard/study/:studyId',
    {
      config: { access: { right: 'StudyPatientGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getStudyDashboard',
        tags: ['Dashboard'],
        summary: 'Figures of the registry dashboard over the caller’s locations (every location with StudyPatientGetAllCmd)',
        params: Type.Object({ studyId: Uuid }),
        response: { 200: DashboardSchema },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const now = config.clock();
      const today = registryToday(now);
      const viewer = await viewerOf(db, caller);
      const scope = {
        studyId: request.params.studyId,
        locationIds: hasRight(caller.rights, 'StudyPatientGetAllCmd') ? null : [...viewer.locationIds],
      };
      const readsQueries = hasRight(caller.rights, 'QueryGetMyCmd') || hasRight(caller.rights, 'QueryGetAllCmd');
      const visible = readsQueries ? await visibleTypes(db, viewer, today, scope.studyId) : [];
      const months = monthsUpTo(today, RECRUITMENT_MONTHS);
      const [open, ageing, completeness, registrations] = await Promise.all([
        readsQueries ? openQueriesByLocation(db, scope, visible) : [],
        readsQueries ? queryAgeing(db, scope, visible, now) : [],
        documentationCompleteness(db, scope),
        registrationsByMonth(db, scope, months[0] ?? today.slice(0, 7)),
      ]);
      return {
        openQueriesByLocation: open,
        queryAgeing: ageing,
        documentationCompleteness: completeness,
        recruitment: months.map((month) => ({ month, registered: registrations.get(month) ?? 0 })),
      };
    },
  );
}
