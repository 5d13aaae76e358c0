/** Language CRUD (ecrf-calls.md §7 "language CRUD"; ecrf-core.md §3 Language: scope, displayKey, displayValue). */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, IncludeDeleted, Uuid, routeSchema } from '../http/schemas.js';
import { LanguageEntrySchema as Entry, LanguageSchema as Language } from './languages.schemas.js';
import { createLanguage, deleteLanguage, findLanguage, findLanguages, updateLanguage } from './languages.service.js';

const Identifier = Type.String({ pattern: '^[a-z]{2}$', description: 'two-letter language identifier, e.g. de' });
const tags = ['Language'];

export function registerLanguageRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/Language',
    {
      config: { access: { right: 'LanguageGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getLanguages',
        tags,
        summary: 'All languages, or those of one study definition',
        querystring: Type.Object({ includeDeleted: IncludeDeleted, studyDefinitionId: Type.Optional(Uuid) }),
        response: { 200: Type.Array(Language) },
      }),
    },
    (request) => findLanguages(db, request.query),
  );

  app.get(
    '/Language/:id',
    {
      config: { access: { right: 'LanguageGetCmd' } },
      schema: routeSchema({
        operationId: 'getLanguageById',
        tags,
        summary: 'A language with its entries',
        params: IdParams,
        response: { 200: Language },
        errors: [404],
      }),
    },
    (request) => findLanguage(db, request.params.id),
  );

  app.post(
    '/Language',
    {
      config: { access: { right: 'LanguageCreateCmd' } },
      schema: routeSchema({
        operationId: 'createLanguage',
        tags,
        summary: 'Adds a language to a study definition',
        body: Type.Object({ identifier: Identifier, studyDefinitionId: Uuid, entries: Type.Array(Entry) }),
        response: { 201: Language },
        errors: [404, 409],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const id = await db
        .transaction()
        .execute((trx) => createLanguage(trx, request.body, { userId: caller.id, userName: caller.userName }));
      return reply.status(201).send(await findLanguage(db, id));
    },
  );

  app.put(
    '/Language/:id',
    {
      config: { access: { right: 'LanguageUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateLanguage',
        tags,
        summary: 'Replaces the entries of a language',
        params: IdParams,
        body: Type.Object({ entries: Type.Array(Entry) }),
        response: { 200: Language },
        errors: [404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      await db
        .transaction()
        .execute((trx) => updateLanguage(trx, request.params.id, request.body.entries, { userId: caller.id, userName: caller.userName }));
      return findLanguage(db, request.params.id);
    },
  );

  app.delete(
    '/Language/:id',
    {
      config: { access: { right: 'LanguageDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteLanguage',
        tags,
        summary: 'Marks a language deleted',
        params: IdParams,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await db.transaction().execute((trx) => deleteLanguage(trx, request.params.id, { userId: caller.id, userName: caller.userName }));
      return reply.status(204).send(null);
    },
  );
}
