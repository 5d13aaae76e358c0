/**
 * The news document calls (ecrf-calls.md §7 "News documents"), each under its right: the list with
 * FilterNewsDocuments, FilterByDigiNet and IncludeDeleted; multipart POST (create) and PUT ?documentId (a new
 * version); GET, JSON PUT and DELETE by documentId, restore; GET by identifier; a version's or the newest content;
 * GET and PUT userHasNews. The multipart parser is registered in this module's own scope, like the OncoBox import.
 */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { routeSchema } from '../http/schemas.js';
import { multipartLimits, readNewsDocumentForm } from './news-document-form.js';
import {
  ContentParams,
  DocumentIdParams,
  DocumentIdQuery,
  DownloadQuery,
  NewsDocumentCreateForm,
  NewsDocumentSchema,
  NewsDocumentUpdateSchema,
  NewsDocumentVersionForm,
  NewsFilterQuery,
  NewsListQuery,
  UserHasNewsSchema,
  VersionQuery,
} from './news-documents.schemas.js';
import {
  createNewsDocument,
  markNewsRead,
  setNewsDocumentDeleted,
  updateNewsDocumentMetadata,
  uploadNewsDocumentVersion,
} from './news-documents.service.js';
import { getNewsDocument, listNewsDocuments, newsDocumentFile, userHasNews } from './news-reading.service.js';

const tags = ['NewsDocument'];

/** OpenAPI shows the multipart form the route reads part by part (Fastify itself does not validate it). */
const documentedForm = (form: TSchema) => ({
  swaggerTransform: ({ schema, url }: { schema: object; url: string }) => ({
    schema: { ...schema, body: form, consumes: ['multipart/form-data'] },
    url,
  }),
});

const binary = Type.Unsafe<Buffer>({
  type: 'string',
  format: 'binary',
  description: 'the file, with its type and file name (Content-Disposition)',
});

function sendFile(reply: FastifyReply, file: { fileName: string; contentType: string; content: Buffer }, download: boolean) {
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      // Shown inline, an uploaded file must not run as a page of the registry.
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', 'sandbox')
      .send(file.content)
  );
}

export function registerNewsDocumentRoutes(app: App, { db, config }: AppDeps): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits });
    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();

    typed.post(
      '/NewsDocument',
      {
        config: { access: { right: 'NewsDocumentCreateCmd' }, ...documentedForm(NewsDocumentCreateForm) },
        schema: routeSchema({
          operationId: 'createNewsDocument',
          tags,
          summary:
            'Creates a document with its first version: multipart/form-data with Identifier, Title, Description, Order, Tags (one part each), Kind, DigiNetOnly and the file FileData; 413 above 20 MB, 415 for a file type other than PDF, Office, OpenDocument, PNG or JPEG (recognised by content)',
          response: { 201: NewsDocumentSchema },
          errors: [409, 413, 415],
        }),
      },
      async (request, reply) => {
        const form = await readNewsDocumentForm(request, ['identifier', 'title']);
        return reply.status(201).send(await createNewsDocument(db, callerOf(request), config.clock(), form));
      },
    );

    typed.put(
      '/NewsDocument',
      {
        config: { access: { right: 'NewsDocumentUpdateCmd' }, ...documentedForm(NewsDocumentVersionForm) },
        schema: routeSchema({
          operationId: 'uploadNewsDocumentVersion',
          tags,
          summary:
            'Uploads a new version of a document (each upload is a new version; earlier ones are kept): multipart/form-data with the file FileData, the version read (Version) and any metadata fields to change; 409 when stale',
          querystring: DocumentIdQuery,
          response: { 200: NewsDocumentSchema },
          errors: [404, 409, 413, 415],
        }),
      },
      async (request) => {
        const form = await readNewsDocumentForm(request, []);
        return uploadNewsDocumentVersion(db, callerOf(request), config.clock(), request.query.documentId, form);
      },
    );
  });

  app.get(
    '/NewsDocument',
    {
      config: { access: { right: 'NewsDocumentGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getNewsDocuments',
        tags,
        summary:
          'The documents the caller may see, in list order (Order, newest upload, title): DigiNet-only documents only for DigiNet centres, the DigiNet roles and editors; deleted ones with IncludeDeleted and NewsDocumentDeleteCmd',
        querystring: NewsListQuery,
        response: { 200: Type.Array(NewsDocumentSchema) },
      }),
    },
    (request) => listNewsDocuments(db, callerOf(request), request.query),
  );

  app.get(
    '/NewsDocument/userHasNews',
    {
      config: { access: { right: 'NewsDocumentGetUserHasNewsCmd' } },
      schema: routeSchema({
        operationId: 'getUserHasNews',
        tags,
        summary:
          'Whether the caller has unread news (kind News unless FilterNewsDocuments names another): an item they may see whose newest version they have not read',
        querystring: NewsFilterQuery,
        response: { 200: UserHasNewsSchema },
      }),
    },
    (request) => userHasNews(db, callerOf(request), request.query),
  );

  app.put(
    '/NewsDocument/userHasNews',
    {
      config: { access: { right: 'NewsDocumentSetUserHasNewsCmd' } },
      schema: routeSchema({
        operationId: 'setUserHasNews',
        tags,
        summary: 'Marks the newest version of every unread item of the filter read for the caller; a later version is unread again',
        querystring: NewsFilterQuery,
        response: { 200: UserHasNewsSchema },
      }),
    },
    (request) => markNewsRead(db, callerOf(request), config.clock(), request.query),
  );

  app.get(
    '/NewsDocument/identifier/:identifier',
    {
      config: { access: { right: 'NewsDocumentGetByIdentifierCmd' } },
      schema: routeSchema({
        operationId: 'getNewsDocumentByIdentifier',
        tags,
        summary: 'A document by its identifier',
        params: Type.Object({ identifier: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: NewsDocumentSchema },
        errors: [404],
      }),
    },
    (request) => getNewsDocument(db, callerOf(request), { identifier: request.params.identifier }),
  );

  app.get(
    '/NewsDocument/:documentId',
    {
      config: { access: { right: 'NewsDocumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getNewsDocument',
        tags,
        summary: 'A document with its versions',
        params: DocumentIdParams,
        response: { 200: NewsDocumentSchema },
        errors: [404],
      }),
    },
    (request) => getNewsDocument(db, callerOf(request), { id: request.params.documentId }),
  );

  app.put(
    '/NewsDocument/:documentId',
    {
      config: { access: { right: 'NewsDocumentUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateNewsDocument',
        tags,
        summary: 'Changes the metadata of a document with the version read (the files stay); 409 when stale or the identifier is taken',
        params: DocumentIdParams,
        body: NewsDocumentUpdateSchema,
        response: { 200: NewsDocumentSchema },
        errors: [404, 409],
      }),
    },
    (request) => updateNewsDocumentMetadata(db, callerOf(request), config.clock(), request.params.documentId, request.body),
  );

  app.delete(
    '/NewsDocument/:documentId',
    {
      config: { access: { right: 'NewsDocumentDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteNewsDocument',
        tags,
        summary: 'Deletes a document softly with the version read: it leaves the lists and can be restored (IncludeDeleted lists it)',
        params: DocumentIdParams,
        querystring: VersionQuery,
        response: { 200: NewsDocumentSchema },
        errors: [404, 409],
      }),
    },
    (request) => setNewsDocumentDeleted(db, callerOf(request), config.clock(), request.params.documentId, request.query.version, true),
  );

  app.put(
    '/NewsDocument/:documentId/restore',
    {
      config: { access: { right: 'NewsDocumentDeleteCmd' } },
      schema: routeSchema({
        operationId: 'restoreNewsDocument',
        tags,
        summary: 'Restores a deleted document with the version read (not in the catalogue; who may delete may undo it)',
        params: DocumentIdParams,
        querystring: VersionQuery,
        response: { 200: NewsDocumentSchema },
        errors: [404, 409],
      }),
    },
    (request) => setNewsDocumentDeleted(db, callerOf(request), config.clock(), request.params.documentId, request.query.version, false),
  );

  app.get(
    '/NewsDocument/:documentId/content/latest',
    {
      config: { access: { right: 'NewsDocumentGetContentCmd' } },
      schema: routeSchema({
        operationId: 'getNewsDocumentLatestContent',
        tags,
        summary: 'The file of the newest version',
        params: DocumentIdParams,
        querystring: DownloadQuery,
        response: { 200: binary },
        errors: [404],
      }),
    },
    async (request, reply) =>
      sendFile(reply, await newsDocumentFile(db, callerOf(request), request.params.documentId, 'latest'), request.query.download ?? false),
  );

  app.get(
    '/NewsDocument/:documentId/content/:docVersion',
    {
      config: { access: { right: 'NewsDocumentGetContentCmd' } },
      schema: routeSchema({
        operationId: 'getNewsDocumentContent',
        tags,
        summary: 'The file of a version',
        params: ContentParams,
        querystring: DownloadQuery,
        response: { 200: binary },
        errors: [404],
      }),
    },
    async (request, reply) =>
      sendFile(
        reply,
        await newsDocumentFile(db, callerOf(request), request.params.documentId, request.params.docVersion),
        request.query.download ?? false,
      ),
  );
}
