/**
 * StudyDefinition: generic CRUD (ecrf-calls.md §7 "Study and study definition"). Create and update take
 * a definition document (docs/definitions.md); update adds a version. Reads return the compiled model,
 * in the current version or, with `?version=`, in the version data was entered under.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, IdsQuery, IncludeDeleted, parseIds, routeSchema } from '../http/schemas.js';
import {
  addDefinitionVersion,
  compileForApi,
  createDefinition,
  deleteDefinition,
  findDefinition,
  findDefinitionSummaries,
} from './study-definitions.service.js';
import { DefinitionDocumentSchema, StudyDefinitionSchema, StudyDefinitionSummarySchema } from './study-definitions.schemas.js';

const tags = ['StudyDefinition'];

export function registerStudyDefinitionRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/StudyDefinition',
    {
      config: { access: { right: 'StudyDefinitionGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getStudyDefinitions',
        tags,
        summary: 'All study definitions (summaries), or those with the given ids',
        querystring: Type.Object({ includeDeleted: IncludeDeleted, ids: IdsQuery }),
        response: { 200: Type.Array(StudyDefinitionSummarySchema) },
      }),
    },
    (request) => findDefinitionSummaries(db, { includeDeleted: request.query.includeDeleted, ids: parseIds(request.query.ids) }),
  );

  app.get(
    '/StudyDefinition/:id',
    {
      config: { access: { right: 'StudyDefinitionGetCmd' } },
      schema: routeSchema({
        operationId: 'getStudyDefinitionById',
        tags,
        summary:
          'A study definition with visits, instruments, fields, rules, constraints, enum value sets, query and verification flag types',
        params: IdParams,
        querystring: Type.Object({
          version: Type.Optional(Type.Integer({ minimum: 1, description: 'an earlier version; default: the current one' })),
        }),
        response: { 200: StudyDefinitionSchema },
        errors: [404],
      }),
    },
    (request) => findDefinition(db, request.params.id, request.query.version),
  );

  app.post(
    '/StudyDefinition',
    {
      config: { access: { right: 'StudyDefinitionCreateCmd' } },
      schema: routeSchema({
        operationId: 'createStudyDefinition',
        tags,
        summary: 'Loads a definition document as a new study definition (400 names every problem)',
        body: DefinitionDocumentSchema,
        response: { 201: StudyDefinitionSchema },
        errors: [409],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const compiled = compileForApi(request.body);
      const id = await db
        .transaction()
        .execute((trx) => createDefinition(trx, compiled, request.body, { userId: caller.id, userName: caller.userName }));
      return reply.status(201).send(await findDefinition(db, id));
    },
  );

  app.put(
    '/StudyDefinition/:id',
    {
      config: { access: { right: 'StudyDefinitionUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateStudyDefinition',
        tags,
        summary: 'Adds a new version from a definition document; refused when it would break data of earlier versions',
        params: IdParams,
        body: DefinitionDocumentSchema,
        response: { 200: StudyDefinitionSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const compiled = compileForApi(request.body);
      await db
        .transaction()
        .execute((trx) =>
          addDefinitionVersion(trx, request.params.id, compiled, request.body, { userId: caller.id, userName: caller.userName }),
        );
      return findDefinition(db, request.params.id);
    },
  );

  app.delete(
    '/StudyDefinition/:id',
    {
      config: { access: { right: 'StudyDefinitionDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteStudyDefinition',
        tags,
        summary: 'Marks a study definition deleted; its versions stay',
        params: IdParams,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await db.transaction().execute((trx) => deleteDefinition(trx, request.params.id, { userId: caller.id, userName: caller.userName }));
      return reply.status(204).send(null);
    },
  );
}
