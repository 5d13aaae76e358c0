/**
 * The oBDS import (issue 28 item 2; docs/obds-import.md, docs/decisions.md "Routes beyond the catalogue"): routes of
 * ours, not the catalogue's. Storing an upload's proposals and deciding a message take the documentation right
 * InstrumentUpdateCmd (a decision that creates an instrument also InstrumentCreateCmd); reading takes InstrumentGetCmd
 * (docs/roles-and-rights.md "oBDS import").
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import {
  ObdsDecisionSchema,
  ObdsImportCreateSchema,
  ObdsImportSchema,
  ObdsImportSummarySchema,
  ObdsMessageRecordSchema,
} from './obds-import.schemas.js';
import { createObdsImport, decideObdsMessage, listObdsImports, obdsImportReport, readObdsImport } from './obds-import.service.js';

const tags = ['ObdsImport'];
/** A file of many patients: the clinical part of 10,000 messages stays well below this. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

export function registerObdsImportRoutes(app: App, { db, config }: AppDeps): void {
  app.post(
    '/ObdsImport',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { access: { right: 'InstrumentUpdateCmd' } },
      schema: routeSchema({
        operationId: 'createObdsImport',
        tags,
        summary:
          'Stores an oBDS upload as the gateway read it: per patient its place in the file, the match of the pseudonymisation service and the clinical part of its messages (no identity data); answers the import with its proposals',
        body: ObdsImportCreateSchema,
        response: { 201: ObdsImportSchema },
        errors: [404],
      }),
    },
    async (request, reply) => reply.status(201).send(await createObdsImport(db, callerOf(request), request.body, config.clock())),
  );

  app.get(
    '/ObdsImport',
    {
      config: { access: { right: 'InstrumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getObdsImports',
        tags,
        summary: 'The oBDS imports of a study, newest first',
        querystring: Type.Object({ studyId: Uuid }),
        response: { 200: Type.Array(ObdsImportSummarySchema) },
      }),
    },
    async (request) => listObdsImports(db, request.query.studyId),
  );

  app.get(
    '/ObdsImport/:id',
    {
      config: { access: { right: 'InstrumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getObdsImport',
        tags,
        summary: 'An oBDS import with its messages, their proposals and the values stored now',
        params: IdParams,
        response: { 200: ObdsImportSchema },
        errors: [404],
      }),
    },
    async (request) => readObdsImport(db, callerOf(request), request.params.id),
  );

  app.post(
    '/ObdsImport/:id/message/:messageId/decide',
    {
      config: { access: { right: 'InstrumentUpdateCmd' } },
      schema: routeSchema({
        operationId: 'decideObdsMessage',
        tags,
        summary:
          'Writes the accepted proposals of a message through the documentation write (reason „oBDS-Import <Meldung_ID>“) and records the decision; a message is decided once',
        params: Type.Object({ id: Uuid, messageId: Uuid }),
        body: ObdsDecisionSchema,
        response: { 200: ObdsMessageRecordSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request) => decideObdsMessage(db, callerOf(request), request.params.id, request.params.messageId, request.body, config.clock()),
  );

  app.get(
    '/ObdsImport/:id/report',
    {
      config: { access: { right: 'InstrumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getObdsImportReport',
        tags,
        summary: 'The per-message report of an oBDS import: CSV (semicolon-separated, UTF-8 with BOM), one row per message',
        params: IdParams,
        response: {
          200: Type.Unsafe<string>({ type: 'string', format: 'binary', description: 'the report (Content-Disposition attachment)' }),
        },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const report = await obdsImportReport(db, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(report.fileName)}`)
        .send(report.content);
    },
  );
}
