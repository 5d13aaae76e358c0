/**
 * Research projects (ecrf-calls.md §7 "Projects"): the project list, project assignments (list, by study
 * patient, create, update, delete), a project's patients for a project user, and the project user's sign-in.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, IncludeDeleted, Uuid, routeSchema } from '../http/schemas.js';
import {
  ProjectAssignmentCreateSchema,
  ProjectAssignmentSchema,
  ProjectAssignmentUpdateSchema,
  ProjectSchema,
  ProjectUserLoginSchema,
  UserPatientsQuery,
} from './projects.schemas.js';
import {
  assignmentsOfPatient,
  changeAssignment,
  createAssignment,
  listAssignments,
  listProjects,
  projectUserLogin,
  removeAssignment,
  userPatients,
} from './projects.service.js';

const tags = ['Project'];

export function registerProjectRoutes(app: App, { db, config }: AppDeps): void {
  app.get(
    '/project',
    {
      config: { access: { right: 'ProjectGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getProjects',
        tags,
        summary: 'The research projects',
        querystring: Type.Object({ includeDeleted: IncludeDeleted }),
        response: { 200: Type.Array(ProjectSchema) },
      }),
    },
    (request) => listProjects(db, request.query.includeDeleted ?? false),
  );

  app.get(
    '/project-assignments',
    {
      config: { access: { right: 'ProjectAssignmentGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getProjectAssignments',
        tags,
        summary: 'The project assignments of the patients the caller may read, optionally of one project',
        querystring: Type.Object({ project: Type.Optional(Uuid) }),
        response: { 200: Type.Array(ProjectAssignmentSchema) },
      }),
    },
    (request) => listAssignments(db, callerOf(request), request.query.project, config.clock()),
  );

  app.get(
    '/project-assignments/studyPatient/:studyPatientId',
    {
      config: { access: { right: 'ProjectAssignmentGetByStudyPatientCmd' } },
      schema: routeSchema({
        operationId: 'getProjectAssignmentsOfStudyPatient',
        tags,
        summary: 'The project assignments of a study patient',
        params: Type.Object({ studyPatientId: Uuid }),
        response: { 200: Type.Array(ProjectAssignmentSchema) },
        errors: [404],
      }),
    },
    (request) => assignmentsOfPatient(db, callerOf(request), request.params.studyPatientId, config.clock()),
  );

  app.get(
    '/user-patients',
    {
      config: { access: { right: 'ProjectUserPatientsGetCmd' } },
      schema: routeSchema({
        operationId: 'getProjectUserPatients',
        tags,
        summary:
          "A project's patients as its project user (default: the caller) sees them, of those the caller may read; none before the user's project sign-in",
        querystring: UserPatientsQuery,
        response: { 200: Type.Array(ProjectAssignmentSchema) },
        errors: [404],
      }),
    },
    (request) => userPatients(db, callerOf(request), request.query, config.clock()),
  );

  app.post(
    '/project-assignment',
    {
      config: { access: { right: 'ProjectAssignmentCreateCmd' } },
      schema: routeSchema({
        operationId: 'createProjectAssignment',
        tags,
        summary: 'Assigns a study patient to a project for a period; 409 when it overlaps another assignment to the project',
        body: ProjectAssignmentCreateSchema,
        response: { 201: ProjectAssignmentSchema },
        errors: [404, 409],
      }),
    },
    async (request, reply) => reply.status(201).send(await createAssignment(db, callerOf(request), request.body, config.clock())),
  );

  app.put(
    '/project-assignment/:id',
    {
      config: { access: { right: 'ProjectAssignmentUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateProjectAssignment',
        tags,
        summary: 'Changes the period and note of an assignment with the version read (409 when stale or overlapping)',
        params: IdParams,
        body: ProjectAssignmentUpdateSchema,
        response: { 200: ProjectAssignmentSchema },
        errors: [404, 409],
      }),
    },
    (request) => changeAssignment(db, callerOf(request), request.params.id, request.body, config.clock()),
  );

  app.delete(
    '/project-assignment/:id',
    {
      config: { access: { right: 'ProjectAssignmentDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteProjectAssignment',
        tags,
        summary: 'Removes an assignment with the version read (409 when stale)',
        params: IdParams,
        querystring: Type.Object({ version: Type.Integer({ minimum: 1 }) }),
        response: { 204: Type.Null() },
        errors: [404, 409],
      }),
    },
    async (request, reply) => {
      await removeAssignment(db, callerOf(request), request.params.id, request.query.version, config.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/project-user-login/:id',
    {
      config: { access: { right: 'ProjectUserLoginCmd' } },
      schema: routeSchema({
        operationId: 'projectUserLogin',
        tags,
        summary: "Signs the caller in to the project as its project user; answers the project's current patients they may read",
        params: IdParams,
        response: { 200: ProjectUserLoginSchema },
        errors: [404],
      }),
    },
    (request) => projectUserLogin(db, callerOf(request), request.params.id, config.clock()),
  );
}
