/**
 * The export calls of ecrf-calls.md §7: per kind a start (its START right), `list?fromDate` and
 * `download?fileName` (its GET_FILES right); study exports under study/{studyId}/<kind>, the NNGM kinds under
 * NngmExport/study/{studyId}/<kind>. ExportJob/… serves the graph: jobs by ids, a study's jobs page by page,
 * cancel, and download by job. Every list and file is limited to what the caller may read (export-access.ts).
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { hasRight } from '@ecrf/rules';
import type { App, AppDeps } from '../app-deps.js';
import { conflict, forbidden, notFound } from '../errors/errors.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { IdParams, IdsQuery, parseIds, routeSchema } from '../http/schemas.js';
import { exportJobVisible, exportViewerOf, kindsWithFilesRight } from './export-access.js';
import { openJobFile } from './export-files.js';
import { findExportJob, findExportJobs, listExportJobs, type ExportJobRow } from './export-jobs.sql.js';
import { EXPORT_KINDS, EXPORT_KIND_NAMES, type ExportKind } from './export-kinds.js';
import { completeParameters } from './export-parameters.js';
import type { ExportRuntime } from './export-runtime.js';
import { genericExportJobParameters } from '../generic-exports/index.js';
import { findGenericExport } from '../generic-exports/generic-exports.sql.js';
import {
  DownloadQuery,
  ExportJobPageSchema,
  ExportJobRef,
  JobPageQuery,
  ListQuery,
  StartBodies,
  StudyParams,
  type ExportJobDto,
} from './exports.schemas.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

const tags = ['Exports'];
const FILES_RIGHTS = [...new Set(Object.values(EXPORT_KINDS).map((kind) => kind.files))];
const START_RIGHTS = [...new Set(Object.values(EXPORT_KINDS).map((kind) => kind.start))];

const MEDIA_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml; charset=utf-8',
};

export function exportJobDto(row: ExportJobRow): ExportJobDto {
  return {
    id: row.id,
    kind: row.kind as ExportKind,
    studyId: row.study_id,
    parameters: row.parameters,
    state: row.state as ExportJobDto['state'],
    progress: row.progress,
    failureReason: row.failure_reason,
    attempts: row.attempts,
    startedBy: { id: row.started_by, userName: row.started_by_name },
    allLocations: row.location_ids === null,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    fileName: row.file_name ?? '',
    fileSize: row.file_size === null ? null : Number(row.file_size),
    fileSha256: row.file_sha256,
  };
}

/** The kinds served by study/{studyId}/<kind> (study) and NngmExport/study/{studyId}/<kind> (nngm). */
const pathOf = (kind: ExportKind): string =>
  EXPORT_KINDS[kind].family === 'nngm' ? `/NngmExport/study/:studyId/${kind}` : `/study/:studyId/${kind}`;

const operationName = (kind: ExportKind): string => kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

export function registerExportRoutes(app: App, { db, config }: AppDeps, runtime: ExportRuntime): void {
  const visibleRows = async (caller: CurrentUser, rows: readonly ExportJobRow[]) => {
    const viewer = await exportViewerOf(db, caller);
    return rows.filter((row) => exportJobVisible(viewer, row));
  };

  /** Streams a completed, visible job's file; 404 for anything else, so no file's existence leaks. */
  const sendFile = async (caller: CurrentUser, row: ExportJobRow | undefined, reply: FastifyReply) => {
    const [visible] = row ? await visibleRows(caller, [row]) : [];
    const file =
      visible?.state === 'completed' && visible.file_name ? await openJobFile(config.exports.dir, visible.id, visible.file_name) : null;
    if (!visible?.file_name || !file) throw notFound('export file');
    const extension = visible.file_name.split('.').at(-1) ?? '';
    return reply
      .header('content-type', MEDIA_TYPES[extension] ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${visible.file_name}"`)
      .send(file.stream);
  };

  for (const kind of EXPORT_KIND_NAMES.filter((name) => EXPORT_KINDS[name].family !== 'generic')) {
    const { start, files } = EXPORT_KINDS[kind];
    const path = pathOf(kind);
    const name = operationName(kind);

    app.post(
      path,
      {
        config: { access: { right: start } },
        schema: routeSchema({
          operationId: `start${name[0]?.toUpperCase()}${name.slice(1)}`,
          tags,
          summary: `Starts the ${kind} export as a job; its progress arrives as ExportJobChanged events`,
          params: StudyParams,
          body: Type.Optional(StartBodies[kind]),
          response: { 202: ExportJobRef },
          // An unknown study (found by the response check of the rights matrix).
          errors: [404],
        }),
      },
      async (request, reply) => {
        const parameters = completeParameters(kind, (request.body ?? {}) as Record<string, unknown>, config.clock());
        const job = await runtime.startFor(callerOf(request), { kind, studyId: request.params.studyId, parameters });
        return reply.status(202).send(exportJobDto(job));
      },
    );

    app.get(
      `${path}/list`,
      {
        config: { access: { right: files } },
        schema: routeSchema({
          operationId: `list${name[0]?.toUpperCase()}${name.slice(1)}Files`,
          tags,
          summary: `The ${kind} jobs and files of the study since fromDate, newest first`,
          params: StudyParams,
          querystring: ListQuery,
          response: { 200: Type.Array(ExportJobRef) },
        }),
      },
      async (request) => {
        const rows = await listExportJobs(db, { studyId: request.params.studyId, kinds: [kind], fromDate: request.query.fromDate });
        return (await visibleRows(callerOf(request), rows)).map(exportJobDto);
      },
    );

    app.post(
      `${path}/download`,
      {
        config: { access: { right: files } },
        schema: routeSchema({
          operationId: `download${name[0]?.toUpperCase()}${name.slice(1)}File`,
          tags,
          summary: `The ${kind} file by its name (binary)`,
          params: StudyParams,
          querystring: DownloadQuery,
          response: { 200: Type.Unknown({ description: 'the file' }) },
          errors: [404],
        }),
      },
      async (request, reply) => {
        const [row] = await listExportJobs(db, { studyId: request.params.studyId, kinds: [kind], fileName: request.query.fileName }, 1);
        return sendFile(callerOf(request), row, reply);
      },
    );
  }

  /** A live definition, or 404. */
  const definitionOf = async (id: string) => {
    const definition = await findGenericExport(db, id);
    if (!definition || definition.is_deleted) throw notFound('generic export');
    return definition;
  };

  app.post(
    '/GenericExport/:id/run',
    {
      config: { access: { right: 'ExportDefinitionRunCmd' } },
      schema: routeSchema({
        operationId: 'runGenericExport',
        tags,
        summary: 'Runs a generic export definition now, as a job in the definition’s format',
        params: IdParams,
        response: { 202: ExportJobRef },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const definition = await definitionOf(request.params.id);
      const job = await runtime.startFor(callerOf(request), {
        kind: 'generic-export',
        studyId: definition.study_id,
        parameters: genericExportJobParameters(definition),
      });
      return reply.status(202).send(exportJobDto(job));
    },
  );

  app.get(
    '/GenericExport/:id/files',
    {
      config: { access: { right: 'ExportDefinitionGetFilesCmd' } },
      schema: routeSchema({
        operationId: 'getGenericExportFiles',
        tags,
        summary: 'The jobs and files of a generic export definition since fromDate, newest first',
        params: IdParams,
        querystring: ListQuery,
        response: { 200: Type.Array(ExportJobRef) },
        errors: [404],
      }),
    },
    async (request) => {
      const definition = await definitionOf(request.params.id);
      const rows = await listExportJobs(db, {
        studyId: definition.study_id,
        kinds: ['generic-export'],
        definitionId: definition.id,
        fromDate: request.query.fromDate,
      });
      return (await visibleRows(callerOf(request), rows)).map(exportJobDto);
    },
  );

  app.post(
    '/GenericExport/:id/download',
    {
      config: { access: { right: 'ExportDefinitionGetFilesCmd' } },
      schema: routeSchema({
        operationId: 'downloadGenericExportFile',
        tags,
        summary: 'A file of a generic export definition by its name (binary)',
        params: IdParams,
        querystring: DownloadQuery,
        response: { 200: Type.Unknown({ description: 'the file' }) },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const definition = await definitionOf(request.params.id);
      const [row] = await listExportJobs(
        db,
        { studyId: definition.study_id, kinds: ['generic-export'], definitionId: definition.id, fileName: request.query.fileName },
        1,
      );
      return sendFile(callerOf(request), row, reply);
    },
  );

  app.get(
    '/ExportJob',
    {
      config: { access: { anyRight: FILES_RIGHTS } },
      schema: routeSchema({
        operationId: 'getExportJobs',
        tags,
        summary: 'Export jobs by ids (the gateway’s batch); those the caller may not see are left out',
        querystring: Type.Object({ ids: IdsQuery }),
        response: { 200: Type.Array(ExportJobRef) },
      }),
    },
    async (request) => {
      const rows = await findExportJobs(db, parseIds(request.query.ids) ?? []);
      return (await visibleRows(callerOf(request), rows)).map(exportJobDto);
    },
  );

  app.get(
    '/ExportJob/study/:studyId',
    {
      config: { access: { anyRight: FILES_RIGHTS } },
      schema: routeSchema({
        operationId: 'getStudyExportJobs',
        tags,
        summary: 'A study’s export jobs the caller may see, newest first, a page at a time',
        params: StudyParams,
        querystring: JobPageQuery,
        response: { 200: ExportJobPageSchema },
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const wanted = request.query.kind?.split(',').map((k) => k.trim());
      const kinds = kindsWithFilesRight(caller.rights).filter((kind) => !wanted || wanted.includes(kind));
      // A study's jobs are few (hundreds a year): the visible ones are picked by the rule, then paged.
      const visible = await visibleRows(
        caller,
        await listExportJobs(db, { studyId: request.params.studyId, kinds, definitionId: request.query.definitionId }),
      );
      const itemsPerPage = request.query.itemsPerPage ?? 25;
      const offset = ((request.query.page ?? 1) - 1) * itemsPerPage;
      return { items: visible.slice(offset, offset + itemsPerPage).map(exportJobDto), totalCount: visible.length };
    },
  );

  app.post(
    '/ExportJob/:id/cancel',
    {
      config: { access: { anyRight: START_RIGHTS } },
      schema: routeSchema({
        operationId: 'cancelExportJob',
        tags,
        summary: 'Cancels a queued or running job (the start right of its kind); an ended job answers 409',
        params: IdParams,
        response: { 200: ExportJobRef },
        errors: [404, 409],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await findExportJob(db, request.params.id);
      const [visible] = row ? await visibleRows(caller, [row]) : [];
      if (!visible) throw notFound('export job');
      if (!hasRight(caller.rights, EXPORT_KINDS[visible.kind as ExportKind].start))
        throw forbidden(ACCESS_MESSAGES.missingRight(EXPORT_KINDS[visible.kind as ExportKind].start));
      const cancelled = await runtime.cancel(caller, visible.id);
      if (!cancelled) throw conflictEnded();
      return exportJobDto(cancelled);
    },
  );

  app.post(
    '/ExportJob/:id/download',
    {
      config: { access: { anyRight: FILES_RIGHTS } },
      schema: routeSchema({
        operationId: 'downloadExportJobFile',
        tags,
        summary: 'The file of a completed job (binary)',
        params: IdParams,
        response: { 200: Type.Unknown({ description: 'the file' }) },
        errors: [404],
      }),
    },
    async (request, reply) => sendFile(callerOf(request), await findExportJob(db, request.params.id), reply),
  );
}

const conflictEnded = () => conflict('Der Export ist bereits beendet.');
