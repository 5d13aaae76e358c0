/**
 * Institute and location writes, overviews and statistics (ecrf-calls.md §7 StudyInstitute: generic,
 * /my, overview, overview/my, study/{studyId}, statistics?studyInstituteId; ecrf-core.md §3 statistics).
 */
import { actorOf } from '../audit/audit.service.js';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import { Institute, StudyInstitute, type StudyInstituteDto } from './institutes.schemas.js';
import { findStudyInstitutes, getInstitute, getStudyInstitute, studyPatientCounts } from './institutes.sql.js';
import {
  createInstitute,
  createStudyInstitute,
  deleteInstitute,
  deleteStudyInstitute,
  replaceUsers,
  restoreInstitute,
  updateInstitute,
} from './institutes.service.js';

const nullableText = Type.Optional(Type.Union([Type.String(), Type.Null()]));
export const InstituteBody = Type.Object({
  identifier: Type.String({ description: 'exactly 4 digits (ecrf-calls.md §5)' }),
  displayName: Type.String(),
  isDigiNet: Type.Boolean({ description: 'stored as additionalInfo.isDigiNet' }),
  street: nullableText,
  postalCode: Type.Optional(Type.Union([Type.String({ description: 'exactly 5 digits' }), Type.Null()])),
  city: nullableText,
  phone: nullableText,
});

export const InstituteStateChanged = Type.Object({ institute: Institute, changed: Type.Boolean() });

const OverviewItem = Type.Object({
  studyInstitute: StudyInstitute,
  usersCount: Type.Integer({ minimum: 0 }),
  studyPatientsCount: Type.Integer({ minimum: 0 }),
});

const Statistics = Type.Object({
  studyInstitutesCount: Type.Integer({ minimum: 0 }),
  studyPatientsCount: Type.Integer({ minimum: 0 }),
  singleStudyInstitute: Type.Union([Type.Object({ id: Uuid, studyPatientsCount: Type.Integer({ minimum: 0 }) }), Type.Null()]),
});

/** Patients are counted by the patient area; a location holds none before it exists (docs/backend.md). */

export function registerInstituteAdminRoutes(app: App, { db }: AppDeps): void {
  const overview = async (locations: StudyInstituteDto[]) => {
    const patients = await studyPatientCounts(
      db,
      locations.map((item) => item.id),
    );
    return locations.map((studyInstitute) => ({
      studyInstitute,
      usersCount: studyInstitute.users.length,
      studyPatientsCount: patients.get(studyInstitute.id) ?? 0,
    }));
  };
  const institute = (id: string) => getInstitute(db, id);
  const location = (id: string) => getStudyInstitute(db, id);

  app.post(
    '/Institute',
    {
      config: { access: { right: 'InstituteCreateCmd' } },
      schema: routeSchema({
        operationId: 'createInstitute',
        tags: ['Institute'],
        summary: 'Create an institute',
        body: InstituteBody,
        response: { 200: Institute },
      }),
    },
    async (request) => institute(await createInstitute(db, actorOf(callerOf(request)), request.body)),
  );

  app.put(
    '/Institute/:id',
    {
      config: { access: { right: 'InstituteUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateInstitute',
        tags: ['Institute'],
        summary: 'Update an institute',
        params: IdParams,
        body: InstituteBody,
        response: { 200: Institute },
        errors: [404],
      }),
    },
    async (request) => {
      await updateInstitute(db, actorOf(callerOf(request)), request.params.id, request.body);
      return institute(request.params.id);
    },
  );

  app.delete(
    '/Institute/:id',
    {
      config: { access: { right: 'InstituteDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteInstitute',
        tags: ['Institute'],
        summary: 'Delete an institute that can be deleted (see canBeDeletedInfo)',
        params: IdParams,
        response: { 200: InstituteStateChanged },
        errors: [404, 409],
      }),
    },
    async (request) => ({
      changed: await deleteInstitute(db, actorOf(callerOf(request)), request.params.id),
      institute: await institute(request.params.id),
    }),
  );

  app.put(
    '/Institute/:id/restore',
    {
      config: { access: { right: 'InstituteRestoreCmd' } },
      schema: routeSchema({
        operationId: 'restoreInstitute',
        tags: ['Institute'],
        summary: 'Restore a deleted institute',
        params: IdParams,
        response: { 200: InstituteStateChanged },
        errors: [404],
      }),
    },
    async (request) => ({
      changed: await restoreInstitute(db, actorOf(callerOf(request)), request.params.id),
      institute: await institute(request.params.id),
    }),
  );

  const tags = ['StudyInstitute'];
  app.post(
    '/StudyInstitute',
    {
      config: { access: { right: 'StudyInstituteCreateCmd' } },
      schema: routeSchema({
        operationId: 'createStudyInstitute',
        tags,
        summary: 'Let an institute take part in a study (a location)',
        body: Type.Object({ studyId: Uuid, instituteId: Uuid }),
        response: { 200: StudyInstitute },
        errors: [409],
      }),
    },
    async (request) => location(await createStudyInstitute(db, actorOf(callerOf(request)), request.body)),
  );

  app.put(
    '/StudyInstitute/:id',
    {
      config: { access: { right: 'StudyInstituteUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateStudyInstitute',
        tags,
        summary: 'Set the users assigned to a location',
        params: IdParams,
        body: Type.Object({ userIds: Type.Array(Uuid) }),
        response: { 200: StudyInstitute },
        errors: [404],
      }),
    },
    async (request) => {
      await replaceUsers(db, actorOf(callerOf(request)), request.params.id, request.body.userIds);
      return location(request.params.id);
    },
  );

  app.delete(
    '/StudyInstitute/:id',
    {
      config: { access: { right: 'StudyInstituteDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteStudyInstitute',
        tags,
        summary: 'End the participation of an institute in a study',
        params: IdParams,
        response: { 200: StudyInstitute },
        errors: [404],
      }),
    },
    async (request) => {
      await deleteStudyInstitute(db, actorOf(callerOf(request)), request.params.id);
      return location(request.params.id);
    },
  );

  app.get(
    '/StudyInstitute/overview',
    {
      config: { access: { right: 'StudyInstituteGetOverviewCmd' } },
      schema: routeSchema({
        operationId: 'getStudyInstituteOverview',
        tags,
        summary: 'All locations with their user and patient counts',
        response: { 200: Type.Array(OverviewItem) },
      }),
    },
    async () => overview(await findStudyInstitutes(db)),
  );

  app.get(
    '/StudyInstitute/overview/my',
    {
      config: { access: { right: 'StudyInstituteGetMyOverviewCmd' } },
      schema: routeSchema({
        operationId: 'getMyStudyInstituteOverview',
        tags,
        summary: 'The own locations with their user and patient counts',
        response: { 200: Type.Array(OverviewItem) },
      }),
    },
    async (request) => overview(await findStudyInstitutes(db, { userId: callerOf(request).id })),
  );

  app.get(
    '/StudyInstitute/study/:studyId',
    {
      config: { access: { right: 'StudyInstituteGetByStudyCmd' } },
      schema: routeSchema({
        operationId: 'getStudyInstitutesOfStudy',
        tags,
        summary: 'The locations of a study',
        params: Type.Object({ studyId: Uuid }),
        response: { 200: Type.Array(StudyInstitute) },
      }),
    },
    (request) => findStudyInstitutes(db, { studyId: request.params.studyId }),
  );

  app.get(
    '/StudyInstitute/statistics',
    {
      config: { access: { right: 'StudyInstituteGetStatisticsCmd' } },
      schema: routeSchema({
        operationId: 'getStudyInstituteStatistics',
        tags,
        summary: 'Counts of locations and patients, and of one location (ecrf-core.md §3)',
        querystring: Type.Object({ studyInstituteId: Type.Optional(Uuid) }),
        response: { 200: Statistics },
        errors: [404],
      }),
    },
    async (request) => {
      const locations = await findStudyInstitutes(db);
      const { studyInstituteId } = request.query;
      const single = studyInstituteId ? await location(studyInstituteId) : null;
      const patients = await studyPatientCounts(
        db,
        locations.map((item) => item.id),
      );
      return {
        studyInstitutesCount: locations.length,
        studyPatientsCount: [...patients.values()].reduce((sum, n) => sum + n, 0),
        singleStudyInstitute: single ? { id: single.id, studyPatientsCount: patients.get(single.id) ?? 0 } : null,
      };
    },
  );
}
