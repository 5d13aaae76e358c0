/**
 * HL7 FHIR Bulk Data Access on the REST API (issue 28 item 1; docs/fhir-export.md "Bulk Data"): a study is the
 * Group of its patients. `GET|POST fhir/Group/{studyId}/$export` starts the fhir-export job (the CSV export's start
 * right) and answers 202 with the status URL in Content-Location; the status URL answers 202 with X-Progress while
 * the job runs and 200 with the manifest when it is done (the CSV export's files right, the job visible to the
 * caller as on /exports); DELETE cancels; each NDJSON file downloads on its own. `fhir/metadata` is public, as FHIR
 * servers publish their CapabilityStatement. Failures answer an OperationOutcome.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppDeps } from '../../app-deps.js';
import { errorAnswer } from '../../errors/error-handler.js';
import { invalidFields, notFound, type EcrfError } from '../../errors/errors.js';
import { callerOf, type CurrentUser } from '../../http/route-access.js';
import { routeSchema } from '../../http/schemas.js';
import { exportJobVisible, exportViewerOf } from '../export-access.js';
import { jobDirectory } from '../export-files.js';
import { findExportJob, type ExportJobRow } from '../export-jobs.sql.js';
import { EXPORT_KINDS } from '../export-kinds.js';
import type { ExportRuntime } from '../export-runtime.js';
import {
  CapabilityStatementSchema,
  FileParams,
  JobParams,
  KickOffBody,
  KickOffQuery,
  ManifestSchema,
  OperationOutcomeSchema,
  StudyGroupParams,
} from './fhir-bulk.schemas.js';
import { capabilityStatement } from './fhir-capability.js';
import { completeFhirParameters } from './fhir-parameters.js';
import { zipEntries, zipEntryStream } from './fhir-zip.js';

const tags = ['FHIR'];
const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
const { start: START_RIGHT, files: FILES_RIGHT } = EXPORT_KINDS['fhir-export'];
const RUNNING = new Set(['queued', 'running']);

const ISSUE_CODES: Record<number, string> = { 400: 'invalid', 401: 'login', 403: 'forbidden', 404: 'not-found', 409: 'conflict' };
const outcome = (status: number, message: string, expression?: string[], code?: string) => ({
  resourceType: 'OperationOutcome' as const,
  issue: [
    {
      severity: status < 300 ? ('information' as const) : ('error' as const),
      code: status < 300 ? 'informational' : (ISSUE_CODES[status] ?? 'exception'),
      diagnostics: message,
      ...(code ? { details: { coding: [{ system: 'urn:ecrf:error' as const, code }], text: message } } : {}),
      ...(expression && expression.length > 0 ? { expression } : {}),
    },
  ],
});
/** Every failure of the FHIR routes as an OperationOutcome, with the status and message of the registry's errors. */
const withOutcomes = { 400: OperationOutcomeSchema, 401: OperationOutcomeSchema, 403: OperationOutcomeSchema };

/** `https://host/api/v1.0/fhir`: the base of the URLs the routes hand out. */
const fhirBase = (request: FastifyRequest) =>
  `${request.protocol}://${request.host}${request.url.slice(0, request.url.indexOf('/fhir/') + 5)}`;

export function registerFhirBulkRoutes(app: App, { db, config }: AppDeps, runtime: ExportRuntime): void {
  app.setErrorHandler((error: FastifyError | EcrfError, request, reply) => {
    const body = errorAnswer(error, request);
    return reply
      .status(body.statusCode)
      .type(FHIR_JSON)
      .send(
        outcome(
          body.statusCode,
          body.message,
          body.fieldErrors?.map((e) => e.field),
          body.code,
        ),
      );
  });

  /** The caller's fhir-export job, or 404 (also for jobs of other kinds or not visible, so nothing leaks). */
  const visibleJob = async (caller: CurrentUser, jobId: string): Promise<ExportJobRow> => {
    const row = await findExportJob(db, jobId);
    const viewer = await exportViewerOf(db, caller);
    if (!row || row.kind !== 'fhir-export' || !exportJobVisible(viewer, row)) throw notFound('export job');
    return row;
  };

  app.get(
    '/fhir/metadata',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'getFhirCapabilityStatement',
        tags,
        summary: 'The FHIR CapabilityStatement: the Bulk Data export of a study (Group) and the resource types it writes',
        isPublic: true,
        response: { 200: CapabilityStatementSchema, 400: OperationOutcomeSchema },
      }),
    },
    async (request, reply) => reply.type(FHIR_JSON).send(capabilityStatement(fhirBase(request), config.clock())),
  );

  type KickOff = { _since?: string; _type?: string; _outputFormat?: string };
  type Parameters = { parameter?: { name: string; valueInstant?: string; valueString?: string }[] } | undefined;
  const kickOff = async (request: FastifyRequest, studyId: string, query: KickOff, body: Parameters, reply: FastifyReply) => {
    const given = (name: string) => body?.parameter?.find((p) => p.name === name);
    const since = query._since ?? given('_since')?.valueInstant;
    const types = query._type ?? given('_type')?.valueString;
    const format = query._outputFormat ?? given('_outputFormat')?.valueString;
    if (format !== undefined && !OUTPUT_FORMATS.includes(format)) {
      throw invalidFields([{ field: '_outputFormat', message: 'Das Ausgabeformat muss application/fhir+ndjson sein.' }]);
    }
    const parameters = completeFhirParameters({ since, types }, config.clock());
    const job = await runtime.startFor(callerOf(request), { kind: 'fhir-export', studyId, parameters });
    return reply
      .status(202)
      .header('content-location', `${fhirBase(request)}/bulkstatus/${job.id}`)
      .type(FHIR_JSON)
      .send(outcome(202, 'Der FHIR-Export wurde gestartet.'));
  };
  const kickOffSchema = (method: string) =>
    routeSchema({
      operationId: `${method}FhirGroupExport`,
      tags,
      summary: 'Bulk Data kick-off: exports the study’s patients as FHIR R4 NDJSON; 202 with the status URL in Content-Location',
      params: StudyGroupParams,
      querystring: KickOffQuery,
      response: { ...withOutcomes, 202: OperationOutcomeSchema, 404: OperationOutcomeSchema },
      errors: [404],
    });
  app.get('/fhir/Group/:studyId/$export', { config: { access: { right: START_RIGHT } }, schema: kickOffSchema('get') }, (request, reply) =>
    kickOff(request, request.params.studyId, request.query, undefined, reply),
  );
  app.post(
    '/fhir/Group/:studyId/$export',
    { config: { access: { right: START_RIGHT } }, schema: { ...kickOffSchema('post'), body: KickOffBody } },
    (request, reply) => kickOff(request, request.params.studyId, request.query, request.body, reply),
  );

  app.get(
    '/fhir/bulkstatus/:jobId',
    {
      config: { access: { right: FILES_RIGHT } },
      schema: routeSchema({
        operationId: 'getFhirBulkStatus',
        tags,
        summary: 'Bulk Data status: 202 with X-Progress while the export runs, 200 with the manifest when it is done',
        params: JobParams,
        response: {
          ...withOutcomes,
          200: ManifestSchema,
          202: OperationOutcomeSchema,
          404: OperationOutcomeSchema,
          500: OperationOutcomeSchema,
        },
        errors: [404, 500],
      }),
    },
    async (request, reply) => {
      const job = await visibleJob(callerOf(request), request.params.jobId);
      if (RUNNING.has(job.state)) {
        return reply
          .status(202)
          .header('x-progress', `${job.progress}%`)
          .header('retry-after', '2')
          .type(FHIR_JSON)
          .send(outcome(202, `Der FHIR-Export läuft (${job.progress} %).`));
      }
      if (job.state === 'failed') {
        return reply
          .status(500)
          .type(FHIR_JSON)
          .send(outcome(500, job.failure_reason ?? 'Der FHIR-Export ist fehlgeschlagen.'));
      }
      if (job.state !== 'completed' || !job.file_name || job.file_size === null) throw notFound('export file');
      const base = fhirBase(request);
      const path = `${jobDirectory(config.exports.dir, job.id)}/${job.file_name}`;
      const entries = (await zipEntries(path, Number(job.file_size))).filter((entry) => entry.size > 0);
      const query = new URLSearchParams({
        ...(typeof job.parameters.since === 'string' ? { _since: job.parameters.since } : {}),
        ...(Array.isArray(job.parameters.types) ? { _type: job.parameters.types.join(',') } : {}),
      }).toString();
      return reply.type(FHIR_JSON).send({
        transactionTime: (job.started_at ?? job.created_at).toISOString(),
        request: `${base}/Group/${job.study_id}/$export${query ? `?${query}` : ''}`,
        requiresAccessToken: true,
        output: entries.map((entry) => ({
          type: entry.name.replace(/\.ndjson$/, ''),
          url: `${base}/bulkfiles/${job.id}/${entry.name}`,
        })),
        error: [],
      });
    },
  );

  app.delete(
    '/fhir/bulkstatus/:jobId',
    {
      config: { access: { right: START_RIGHT } },
      schema: routeSchema({
        operationId: 'cancelFhirBulkExport',
        tags,
        summary: 'Bulk Data delete: cancels a running export (202); an ended one answers 404',
        params: JobParams,
        response: { ...withOutcomes, 202: OperationOutcomeSchema, 404: OperationOutcomeSchema },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const job = await visibleJob(caller, request.params.jobId);
      if (!RUNNING.has(job.state) || !(await runtime.cancel(caller, job.id))) throw notFound('export job');
      return reply.status(202).type(FHIR_JSON).send(outcome(202, 'Der FHIR-Export wurde abgebrochen.'));
    },
  );

  app.get(
    '/fhir/bulkfiles/:jobId/:fileName',
    {
      config: { access: { right: FILES_RIGHT } },
      schema: routeSchema({
        operationId: 'downloadFhirBulkFile',
        tags,
        summary: 'One NDJSON file of a completed export (application/fhir+ndjson)',
        params: FileParams,
        response: { ...withOutcomes, 200: Type.Unknown({ description: 'the NDJSON file' }), 404: OperationOutcomeSchema },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const job = await visibleJob(callerOf(request), request.params.jobId);
      if (job.state !== 'completed' || !job.file_name || job.file_size === null) throw notFound('export file');
      const path = `${jobDirectory(config.exports.dir, job.id)}/${job.file_name}`;
      const entry = (await zipEntries(path, Number(job.file_size))).find((e) => e.name === request.params.fileName);
      if (!entry) throw notFound('export file');
      return reply
        .type('application/fhir+ndjson')
        .header('content-length', entry.size)
        .send(await zipEntryStream(path, entry));
    },
  );
}
