/**
 * The OncoBox calls (ecrf-calls.md §7 "Onkozert: POST import (multipart), GET imports, GET imports/download").
 * The multipart parser is registered in this module's own plugin, so no other route accepts multipart bodies.
 */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { withinUploadLimit } from '../http/upload-limit.js';
import { routeSchema } from '../http/schemas.js';
import { MAX_IMPORT_BYTES, refusedFile } from './onkozert-file.js';
import { IMPORT_MESSAGES } from '../errors/messages.js';
import { DownloadQuery, ImportLocationSchema, ImportQuery, ImportsQuery, OnkozertImportSchema } from './onkozert.schemas.js';
import { importFile, importKeyFigures, importLocations, listImports } from './onkozert.service.js';

const tags = ['Onkozert'];

export function registerOnkozertRoutes(app: App, { db, config }: AppDeps): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0 } });
    const typed = scope.withTypeProvider<TypeBoxTypeProvider>();

    typed.post(
      '/Onkozert/import',
      {
        config: { access: { right: 'OnkozertImportCmd' } },
        schema: routeSchema({
          operationId: 'importOnkozert',
          tags,
          summary:
            'Imports a location’s DKG data sheet key figures: multipart/form-data with one file part (CSV: Jahr, Kennzahl, Bezeichnung, Zähler, Nenner); answers the stored import with its report of accepted and rejected rows',
          querystring: ImportQuery,
          response: { 201: OnkozertImportSchema },
          errors: [413],
        }),
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw refusedFile(IMPORT_MESSAGES.noFile);
        const part = await request.file();
        if (!part) throw refusedFile(IMPORT_MESSAGES.noFile);
        const content = await withinUploadLimit(request, IMPORT_MESSAGES.tooLarge, () => part.toBuffer());
        const created = await importKeyFigures(db, callerOf(request), config.clock(), {
          studyInstituteId: request.query.studyInstituteId,
          fileName: part.filename,
          contentType: part.mimetype,
          content,
        });
        return reply.status(201).send(created);
      },
    );
  });

  app.get(
    '/Onkozert/imports',
    {
      config: { access: { right: 'OnkozertImportsGetCmd' } },
      schema: routeSchema({
        operationId: 'getOnkozertImports',
        tags,
        summary: 'The imports of the caller’s locations (all with StudyPatientGetAllCmd), newest first',
        querystring: ImportsQuery,
        response: { 200: Type.Array(OnkozertImportSchema) },
      }),
    },
    (request) => listImports(db, callerOf(request), request.query.studyInstituteId),
  );

  app.get(
    '/Onkozert/locations',
    {
      config: { access: { right: 'OnkozertImportCmd' } },
      schema: routeSchema({
        operationId: 'getOnkozertLocations',
        tags,
        summary:
          'The locations the caller may import key figures for: assigned ones, or all with StudyPatientGetAllCmd or StudyInstituteGetAllCmd (not in the catalogue; the upload form offers them)',
        response: { 200: Type.Array(ImportLocationSchema) },
      }),
    },
    (request) => importLocations(db, callerOf(request)),
  );

  app.get(
    '/Onkozert/imports/download',
    {
      config: { access: { right: 'OnkozertImportsDownloadCmd' } },
      schema: routeSchema({
        operationId: 'downloadOnkozertImport',
        tags,
        summary: 'The file of an import as uploaded, under its file name',
        querystring: DownloadQuery,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the uploaded file (Content-Disposition attachment)' }),
        },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const file = await importFile(db, callerOf(request), request.query.id);
      return reply
        .header('content-type', file.contentType || 'application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.content);
    },
  );
}
