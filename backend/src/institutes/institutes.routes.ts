/**
 * Institute, study institute (location) and study reads (ecrf-calls.md §7 Study and StudyInstitute).
 * StudyInstitute/my is what the location selector lists (ecrf-core.md §2 Standortauswahl).
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, IdsQuery, IncludeDeleted, parseIds, routeSchema } from '../http/schemas.js';
import { Institute, Study, StudyInstitute } from './institutes.schemas.js';
import { findStudiesOfUser } from '../studies/studies.sql.js';
import { findInstitutes, findStudyInstitutes, myLocations, reachesEveryLocation } from './institutes.sql.js';
import type { RecordName } from '../errors/messages.js';

function single<T>(rows: T[], what: RecordName): T {
  const [row] = rows;
  if (!row) throw notFound(what);
  return row;
}

export function registerInstituteRoutes(app: App, { db }: AppDeps): void {
  const listQuery = Type.Object({ includeDeleted: IncludeDeleted, ids: IdsQuery });

  app.get(
    '/Institute',
    {
      config: { access: { right: 'InstituteGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getInstitutes',
        tags: ['Institute'],
        summary: 'All institutes, or those with the given ids',
        querystring: listQuery,
        response: { 200: Type.Array(Institute) },
      }),
    },
    (request) => findInstitutes(db, { includeDeleted: request.query.includeDeleted, ids: parseIds(request.query.ids) }),
  );

  app.get(
    '/Institute/:id',
    {
      config: { access: { right: 'InstituteGetCmd' } },
      schema: routeSchema({
        operationId: 'getInstituteById',
        tags: ['Institute'],
        summary: 'An institute by id',
        params: IdParams,
        response: { 200: Institute },
        errors: [404],
      }),
    },
    async (request) => single(await findInstitutes(db, { ids: [request.params.id], includeDeleted: true }), 'institute'),
  );

  app.get(
    '/StudyInstitute',
    {
      config: { access: { right: 'StudyInstituteGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getStudyInstitutes',
        tags: ['StudyInstitute'],
        summary: 'All locations, or those with the given ids (batch read)',
        querystring: listQuery,
        response: { 200: Type.Array(StudyInstitute) },
      }),
    },
    (request) => findStudyInstitutes(db, { includeDeleted: request.query.includeDeleted, ids: parseIds(request.query.ids) }),
  );

  app.get(
    '/StudyInstitute/my',
    {
      config: { access: { right: 'StudyInstituteGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyStudyInstitutes',
        tags: ['StudyInstitute'],
        summary: 'The locations the signed-in user is assigned to (every live one for SUPER_RIGHT)',
        response: { 200: Type.Array(StudyInstitute) },
      }),
    },
    (request) => findStudyInstitutes(db, myLocations(callerOf(request))),
  );

  app.get(
    '/StudyInstitute/:id',
    {
      config: { access: { right: 'StudyInstituteGetCmd' } },
      schema: routeSchema({
        operationId: 'getStudyInstituteById',
        tags: ['StudyInstitute'],
        summary: 'A location by id',
        params: IdParams,
        response: { 200: StudyInstitute },
        errors: [404],
      }),
    },
    async (request) => single(await findStudyInstitutes(db, { ids: [request.params.id], includeDeleted: true }), 'study institute'),
  );

  app.get(
    '/Study/my',
    {
      config: { access: { right: 'StudyGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyStudies',
        tags: ['Study'],
        summary: 'The studies of the locations the signed-in user is assigned to',
        response: { 200: Type.Array(Study) },
      }),
    },
    (request) => {
      const caller = callerOf(request);
      return findStudiesOfUser(db, reachesEveryLocation(caller) ? null : caller.id);
    },
  );
}
