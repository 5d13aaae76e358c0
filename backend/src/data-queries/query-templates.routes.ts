/** Query templates (ecrf-calls.md §7 "Queries": QueryTemplate my, create, delete my/{id}): a user's own texts. */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { audit, actorOf } from '../audit/audit.service.js';
import { notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, routeSchema } from '../http/schemas.js';
import { assertQueryTexts } from './query-texts.js';
import { DataQueryTemplateCreateSchema, DataQueryTemplateSchema } from './data-queries.schemas.js';
import { deleteTemplateOf, findTemplatesOf, insertTemplate, type TemplateRow } from './data-queries.sql.js';

const tags = ['QueryTemplate'];

const templateDto = (row: TemplateRow) => ({
  id: row.id,
  title: row.title,
  text: row.text,
  queryTypeIdentifier: row.query_type_identifier,
});

export function registerQueryTemplateRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/QueryTemplate/my',
    {
      config: { access: { right: 'QueryTemplateGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyQueryTemplates',
        tags,
        summary: 'The caller’s query templates',
        response: { 200: Type.Array(DataQueryTemplateSchema) },
      }),
    },
    async (request) => (await findTemplatesOf(db, callerOf(request).id)).map(templateDto),
  );

  app.post(
    '/QueryTemplate',
    {
      config: { access: { right: 'QueryTemplateCreateCmd' } },
      schema: routeSchema({
        operationId: 'createQueryTemplate',
        tags,
        summary: 'Stores a query template for the caller',
        body: DataQueryTemplateCreateSchema,
        response: { 201: DataQueryTemplateSchema },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      assertQueryTexts(body, ['title', 'text']);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertTemplate(trx, {
          user_id: caller.id,
          title: body.title,
          text: body.text,
          query_type_identifier: body.queryTypeIdentifier ?? null,
        });
        await audit(trx, {
          actor: actorOf(caller),
          tableName: 'data_query_template',
          recordId: inserted.id,
          operation: 'Create',
          newValue: templateDto(inserted),
        });
        return inserted;
      });
      return reply.status(201).send(templateDto(row));
    },
  );

  app.delete(
    '/QueryTemplate/my/:id',
    {
      config: { access: { right: 'QueryTemplateDeleteMyCmd' } },
      schema: routeSchema({
        operationId: 'deleteMyQueryTemplate',
        tags,
        summary: 'Deletes one of the caller’s own query templates',
        params: IdParams,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await db.transaction().execute(async (trx) => {
        const deleted = await deleteTemplateOf(trx, caller.id, request.params.id);
        if (!deleted) throw notFound('query template');
        await audit(trx, {
          actor: actorOf(caller),
          tableName: 'data_query_template',
          recordId: deleted.id,
          operation: 'Delete',
          oldValue: templateDto(deleted),
        });
      });
      return reply.status(204).send(null);
    },
  );
}
