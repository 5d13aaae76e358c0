/**
 * The read calls of data queries (ecrf-calls.md §7 "Queries"): by id and by ids (the gateway's batch), the
 * overview with its filters in both spellings, the caller's latest, and the lists by patient, visit,
 * instrument and location. A query the caller may not see (location, role, status) is left out, or 404.
 */
import { hasRight, registryToday, type DataQueryViewer } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { IdParams, IdsQuery, Uuid, parseIds, routeSchema } from '../http/schemas.js';
import { DataQueryOverviewQuerySchema, DataQueryPageSchema, DataQueryRef } from './data-queries.schemas.js';
import { findDataQueries, findLatestChanged, findOverviewPage, type DataQueryFilter } from './data-queries.sql.js';
import { dataQueryDetails } from './data-query-details.js';
import { dtoOf, loadReadableQuery, readableQueries, readableRows, toDtos, viewerOf, visibleTypes } from './data-queries.service.js';

const tags = ['Query'];
const QueryList = Type.Array(DataQueryRef);
const MY_LATEST_MAX = 50;
const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
/** The answer of Query/details; inline, as data-queries.schemas.ts holds the call catalogue's shapes. */
const QueryDetails = Type.Object(
  {
    id: Uuid,
    fieldLabel: nullableText('the German label of the query’s field; null when it is not about a field'),
    formLabel: nullableText('the instrument the query or its field belongs to, else the visit, by its German label; null otherwise'),
    people: Type.Array(Type.Object({ userName: Type.String(), displayName: Type.String() }, { additionalProperties: false }), {
      description: 'who raised or acted on the query, by display name (users that no longer exist are left out)',
    }),
  },
  { additionalProperties: false },
);

/** null: every location (the all-queries right); otherwise the caller's locations. */
const locationScope = (viewer: DataQueryViewer): readonly string[] | null =>
  hasRight(viewer.rights, 'QueryGetAllCmd') ? null : [...viewer.locationIds];

const splitList = (text: string | undefined) =>
  text
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export function registerDataQueryReadRoutes(app: App, { db, config }: AppDeps): void {
  const today = () => registryToday(config.clock());

  /** A list call: rows by subject, filtered to what the caller may read. */
  const list = (caller: CurrentUser, filter: DataQueryFilter, includeDeferred = false) =>
    readableQueries(db, caller, filter, today(), includeDeferred);

  app.get(
    '/Query/overview',
    {
      config: { access: { right: 'QueryGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getQueryOverview',
        tags,
        summary: 'The query overview: filters, sorting and paging; every location with QueryGetAllCmd, else the caller’s',
        querystring: DataQueryOverviewQuerySchema,
        response: { 200: DataQueryPageSchema },
      }),
    },
    async (request) => {
      const q = request.query;
      const viewer = await viewerOf(db, callerOf(request));
      const page = q.Page ?? q.page ?? 1;
      const itemsPerPage = q.ItemsPerPage ?? q.itemsPerPage ?? 25;
      const { rows, totalCount } = await findOverviewPage(db, {
        studyId: q.studyId,
        locationIds: locationScope(viewer),
        visible: await visibleTypes(db, viewer, today(), q.studyId),
        studyPatientId: q.StudyPatientId ?? q.studyPatientId,
        studyInstituteId: q.StudyInstituteId ?? q.studyInstituteId,
        searchText: (q.SearchText ?? q.searchText)?.trim() || undefined,
        statuses: splitList(q.QueryStage ?? q.queryStage),
        answerStages: splitList(q.QueryAnswerStage ?? q.queryAnswerStage),
        sortBy: q.SortBy ?? q.sortBy ?? 'changedAt',
        sortDesc: q.SortDesc ?? q.sortDesc ?? true,
        offset: (page - 1) * itemsPerPage,
        limit: itemsPerPage,
      });
      return { items: await toDtos(db, viewer, rows, today()), totalCount };
    },
  );

  app.get(
    '/Query/my',
    {
      config: { access: { right: 'QueryGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyLatestQueries',
        tags,
        summary: 'The latest changed queries at the caller’s locations (at most 50)',
        querystring: Type.Object({
          latestCount: Type.Optional(Type.Integer({ minimum: 1, maximum: MY_LATEST_MAX, default: 10 })),
          studyInstituteId: Type.Optional(Uuid),
          studyId: Type.Optional(Uuid),
        }),
        response: { 200: QueryList },
      }),
    },
    async (request) => {
      const viewer = await viewerOf(db, callerOf(request));
      const { latestCount = 10, studyInstituteId, studyId } = request.query;
      const mine = [...viewer.locationIds];
      const rows = await findLatestChanged(db, {
        locationIds: studyInstituteId ? mine.filter((id) => id === studyInstituteId) : mine,
        visible: await visibleTypes(db, viewer, today(), studyId),
        studyId,
        limit: latestCount,
      });
      return toDtos(db, viewer, await readableRows(db, viewer, rows, today()), today());
    },
  );

  app.get(
    '/Query',
    {
      config: { access: { right: 'QueryGetCmd' } },
      schema: routeSchema({
        operationId: 'getQueriesByIds',
        tags,
        summary: 'Queries by ids (batch read); ids the caller may not see are left out',
        querystring: Type.Object({ ids: IdsQuery }),
        response: { 200: QueryList },
      }),
    },
    (request) => list(callerOf(request), { ids: parseIds(request.query.ids) ?? [] }),
  );

  app.get(
    '/Query/details',
    {
      config: { access: { right: 'QueryGetCmd' } },
      schema: routeSchema({
        operationId: 'getQueryDetails',
        tags,
        summary: 'What the query screens show beside queries (batch read): field and form by name, the thread’s people by display name',
        querystring: Type.Object({ ids: IdsQuery }),
        response: { 200: Type.Array(QueryDetails) },
      }),
    },
    async (request) => {
      const viewer = await viewerOf(db, callerOf(request));
      const rows = await findDataQueries(db, { ids: parseIds(request.query.ids) ?? [] });
      return dataQueryDetails(db, await readableRows(db, viewer, rows, today()));
    },
  );

  app.get(
    '/Query/:id',
    {
      config: { access: { right: 'QueryGetCmd' } },
      schema: routeSchema({
        operationId: 'getQuery',
        tags,
        summary: 'A query with its thread and what the caller may do with it',
        params: IdParams,
        response: { 200: DataQueryRef },
        errors: [404],
      }),
    },
    async (request) => {
      const viewer = await viewerOf(db, callerOf(request));
      return dtoOf(db, viewer, await loadReadableQuery(db, viewer, request.params.id, today()), today());
    },
  );

  const byParam = (
    url: string,
    param: 'studyPatientId' | 'visitId' | 'instrumentId' | 'studyInstituteId',
    right:
      | 'QueryGetMyForPatientCmd'
      | 'QueryGetForPatientCmd'
      | 'QueryGetForVisitCmd'
      | 'QueryGetForInstrumentCmd'
      | 'QueryGetForInstituteCmd'
      | 'QueryGetAllCmd',
    operationId: string,
    summary: string,
    filterOf: (id: string, caller: CurrentUser) => DataQueryFilter,
    includeDeferred = false,
  ) =>
    app.get(
      url,
      {
        config: { access: { right } },
        schema: routeSchema({
          operationId,
          tags,
          summary,
          params: Type.Object({ [param]: Uuid }),
          response: { 200: QueryList },
        }),
      },
      (request) => {
        const caller = callerOf(request);
        return list(caller, filterOf((request.params as Record<string, string>)[param] ?? '', caller), includeDeferred);
      },
    );

  byParam(
    '/Query/my/patient/:studyPatientId',
    'studyPatientId',
    'QueryGetMyForPatientCmd',
    'getMyQueriesForPatient',
    'Queries of the patient raised or acted on by the caller',
    (studyPatientId, caller) => ({ studyPatientId, actedOnBy: caller.id }),
  );
  byParam(
    '/Query/patient/:studyPatientId',
    'studyPatientId',
    'QueryGetForPatientCmd',
    'getQueriesForPatient',
    'Every visible query of the patient (all subjects)',
    (studyPatientId) => ({ studyPatientId }),
  );
  byParam(
    '/Query/visit/:visitId',
    'visitId',
    'QueryGetForVisitCmd',
    'getQueriesForVisit',
    'Queries about the visit and its instruments and fields',
    (visitId) => ({ visitId }),
  );
  byParam(
    '/Query/instrument/:instrumentId',
    'instrumentId',
    'QueryGetForInstrumentCmd',
    'getQueriesForInstrument',
    'Queries about the instrument and its fields',
    (instrumentId) => ({ instrumentId }),
  );
  byParam(
    '/Query/institute/:studyInstituteId',
    'studyInstituteId',
    'QueryGetForInstituteCmd',
    'getQueriesForInstitute',
    'Queries about the location',
    (studyInstituteId) => ({ studyInstituteId }),
  );
  byParam(
    '/Query/all/patient/:studyPatientId',
    'studyPatientId',
    'QueryGetAllCmd',
    'getAllQueriesForPatient',
    'Every query of the patient at any location, deferred ones included',
    (studyPatientId) => ({ studyPatientId }),
    true,
  );
  byParam(
    '/Query/all/visit/:visitId',
    'visitId',
    'QueryGetAllCmd',
    'getAllQueriesForVisit',
    'Every query of the visit at any location, deferred ones included',
    (visitId) => ({ visitId }),
    true,
  );
  byParam(
    '/Query/all/instrument/:instrumentId',
    'instrumentId',
    'QueryGetAllCmd',
    'getAllQueriesForInstrument',
    'Every query of the instrument at any location, deferred ones included',
    (instrumentId) => ({ instrumentId }),
    true,
  );
}
