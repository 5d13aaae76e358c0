/**
 * The oBDS import (issue 28 item 2; docs/obds-import.md, docs/decisions.md "Routes beyond the catalogue"): routes of
 * ours, not the catalogue's. Storing an upload's proposals and deciding a message take the documentation right
 * InstrumentUpdateCmd (a decision that creates an instrument also InstrumentCreateCmd); reading takes InstrumentGetCmd
 * (docs/roles-and-rights.md "oBDS import"). The runner's steps (`jobStep`) also take the import's job credential.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import {
  addObdsPatients,
  failObdsImport,
  failStaleObdsImports,
  listObdsImports,
  readObdsImportSummary,
  startObdsImport,
} from './obds-import-job.js';
import {
  ObdsDecisionSchema,
  ObdsImportBatchSchema,
  ObdsImportFailSchema,
  ObdsImportSchema,
  ObdsImportStartSchema,
  ObdsImportStartedSchema,
  ObdsImportSummarySchema,
  ObdsMessageRecordSchema,
} from './obds-import.schemas.js';
import { issueObdsJobCredential } from './obds-job-credential.js';
import { decideObdsMessage, obdsImportReport, readObdsImport } from './obds-import.service.js';

const tags = ['ObdsImport'];
/** A batch of 100 patients: the clinical part of their messages stays well below this. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

export function registerObdsImportRoutes(app: App, { db, config }: AppDeps): void {
  app.post(
    '/ObdsImport',
    {
      // A retry with the same Idempotency-Key answers the import without its credential: no credential is kept at rest.
      config: { access: { right: 'InstrumentUpdateCmd' }, secretAnswerFields: ['jobCredential'] },
      schema: routeSchema({
        operationId: 'startObdsImport',
        tags,
        summary:
          'Starts the import of an oBDS file that passed the schema at the gateway (queued) and issues its job credential; its patients follow in batches, its progress arrives as ObdsImportChanged events',
        body: ObdsImportStartSchema,
        response: { 201: ObdsImportStartedSchema },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const now = config.clock();
      const started = await startObdsImport(db, caller, request.body, now);
      return reply.status(201).send({ ...started, jobCredential: await issueObdsJobCredential(config, caller, started.id, now) });
    },
  );

  app.post(
    '/ObdsImport/:id/patients',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      config: { access: { right: 'InstrumentUpdateCmd', jobStep: 'importStep' } },
      schema: routeSchema({
        operationId: 'addObdsImportPatients',
        tags,
        summary:
          'Stores the next patients of the uploader’s running import as the gateway read them: per patient its place in the file, the match of the pseudonymisation service and the clinical part of its messages (no identity data); the batch that completes the file ends the import',
        params: IdParams,
        body: ObdsImportBatchSchema,
        response: { 200: ObdsImportSummarySchema },
        errors: [404, 409],
      }),
    },
    async (request) => addObdsPatients(db, callerOf(request), request.params.id, request.body, config.clock()),
  );

  app.post(
    '/ObdsImport/:id/fail',
    {
      config: { access: { right: 'InstrumentUpdateCmd', jobStep: 'importStep' } },
      schema: routeSchema({
        operationId: 'failObdsImport',
        tags,
        summary: 'Ends the uploader’s running import as failed, with the gateway’s German reason; what was stored stays',
        params: IdParams,
        body: ObdsImportFailSchema,
        response: { 200: ObdsImportSummarySchema },
        errors: [404, 409],
      }),
    },
    async (request) => failObdsImport(db, callerOf(request), request.params.id, request.body.reason, config.clock()),
  );

  app.get(
    '/ObdsImport',
    {
      config: { access: { right: 'InstrumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getObdsImports',
        tags,
        summary: 'The oBDS imports of a study, newest first, with their status, progress and counts per outcome',
        querystring: Type.Object({ studyId: Uuid }),
        response: { 200: Type.Array(ObdsImportSummarySchema) },
      }),
    },
    async (request) => listObdsImports(db, request.query.studyId, config.clock()),
  );

  app.get(
    '/ObdsImport/:id/summary',
    {
      config: { access: { right: 'InstrumentGetCmd' } },
      schema: routeSchema({
        operationId: 'getObdsImportSummary',
        tags,
        summary: 'An oBDS import without its messages: status, progress, counts per outcome (for progress events)',
        params: IdParams,
        response: { 200: ObdsImportSummarySchema },
        errors: [404],
      }),
    },
    async (request) => readObdsImportSummary(db, request.params.id, config.clock()),
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
    async (request) => {
      await failStaleObdsImports(db, config.clock());
      return readObdsImport(db, callerOf(request), request.params.id);
    },
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
