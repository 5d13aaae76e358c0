/**
 * Study: get by id, create, update, delete, get all (ecrf-calls.md §7 "Study and study definition");
 * Study/my is served with the locations (institutes.routes.ts). Delete is soft; audited with old and new values.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { audit } from '../audit/audit.service.js';
import { EcrfError, notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, IncludeDeleted, Uuid, routeSchema } from '../http/schemas.js';
import { findStudies, insertStudy, markStudyDeleted, studyIdentifierTaken, updateStudyRow } from './studies.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

const Study = Type.Object({ id: Uuid, identifier: Type.String(), displayName: Type.String(), isDeleted: Type.Boolean() });
const StudyInput = Type.Object({
  identifier: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  displayName: Type.String({ minLength: 1 }),
});
const tags = ['Study'];

export function registerStudyRoutes(app: App, { db }: AppDeps): void {
  const byId = async (id: string) => {
    const [study] = await findStudies(db, { id, includeDeleted: true });
    if (!study) throw notFound('study');
    return study;
  };
  const unique = async (identifier: string, except?: string) => {
    if (await studyIdentifierTaken(db, identifier, except))
      throw new EcrfError('ECRF_ERR_CONFLICT', CONFLICT_MESSAGES.studyExists(identifier));
  };

  app.get(
    '/Study',
    {
      config: { access: { right: 'StudyGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getStudies',
        tags,
        summary: 'All studies',
        querystring: Type.Object({ includeDeleted: IncludeDeleted }),
        response: { 200: Type.Array(Study) },
      }),
    },
    (request) => findStudies(db, { includeDeleted: request.query.includeDeleted }),
  );

  app.get(
    '/Study/:id',
    {
      config: { access: { right: 'StudyGetCmd' } },
      schema: routeSchema({
        operationId: 'getStudyById',
        tags,
        summary: 'A study by id',
        params: IdParams,
        response: { 200: Study },
        errors: [404],
      }),
    },
    (request) => byId(request.params.id),
  );

  app.post(
    '/Study',
    {
      config: { access: { right: 'StudyCreateCmd' } },
      schema: routeSchema({
        operationId: 'createStudy',
        tags,
        summary: 'Creates a study',
        body: StudyInput,
        response: { 201: Study },
        errors: [409],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await unique(request.body.identifier);
      const id = await db.transaction().execute(async (trx) => {
        const studyId = await insertStudy(trx, request.body);
        await audit(trx, {
          actor: { userId: caller.id, userName: caller.userName },
          tableName: 'study',
          recordId: studyId,
          operation: 'Create',
          newValue: { ...request.body },
        });
        return studyId;
      });
      return reply.status(201).send(await byId(id));
    },
  );

  app.put(
    '/Study/:id',
    {
      config: { access: { right: 'StudyUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateStudy',
        tags,
        summary: 'Updates a study',
        params: IdParams,
        body: StudyInput,
        response: { 200: Study },
        errors: [404, 409],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await byId(request.params.id);
      await unique(request.body.identifier, before.id);
      await db.transaction().execute(async (trx) => {
        await updateStudyRow(trx, before.id, request.body);
        await audit(trx, {
          actor: { userId: caller.id, userName: caller.userName },
          tableName: 'study',
          recordId: before.id,
          operation: 'Update',
          oldValue: { identifier: before.identifier, displayName: before.displayName },
          newValue: { ...request.body },
        });
      });
      return byId(before.id);
    },
  );

  app.delete(
    '/Study/:id',
    {
      config: { access: { right: 'StudyDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteStudy',
        tags,
        summary: 'Marks a study deleted',
        params: IdParams,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const before = await byId(request.params.id);
      if (before.isDeleted) throw notFound('study');
      await db.transaction().execute(async (trx) => {
        await markStudyDeleted(trx, before.id);
        await audit(trx, {
          actor: { userId: caller.id, userName: caller.userName },
          tableName: 'study',
          recordId: before.id,
          operation: 'Delete',
          oldValue: { isDeleted: false },
          newValue: { isDeleted: true },
        });
      });
      return reply.status(204).send(null);
    },
  );
}
