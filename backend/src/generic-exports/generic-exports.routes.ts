/**
 * Generic export definitions (ecrf-calls.md §7 "Exports": GET/POST GenericExport/study/{studyId},
 * GET/PUT/DELETE GenericExport/{id}, POST GenericExport/{id}/duplicate, GET
 * GenericExport/study/{studyId}/dataProviderItems). Running a definition and its files are the export jobs'.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, IncludeDeleted, Uuid, routeSchema } from '../http/schemas.js';
import { publicItem } from './data-provider-items.js';
import {
  DataProviderItemSchema,
  GenericExportCreateSchema,
  GenericExportSchema,
  GenericExportUpdateSchema,
} from './generic-exports.schemas.js';
import {
  assertStudy,
  createGenericExport,
  deleteGenericExport,
  duplicateGenericExport,
  genericExportDto,
  getGenericExport,
  studyCatalogue,
  updateGenericExportDefinition,
} from './generic-exports.service.js';
import { findGenericExports } from './generic-exports.sql.js';

const tags = ['GenericExport'];
const StudyParams = Type.Object({ studyId: Uuid });
const Definition = GenericExportSchema;

export function registerGenericExportRoutes(app: App, { db, config }: AppDeps): void {
  app.get(
    '/GenericExport/study/:studyId',
    {
      config: { access: { right: 'ExportDefinitionGetCmd' } },
      schema: routeSchema({
        operationId: 'getGenericExportsOfStudy',
        tags,
        summary: 'The generic export definitions of a study, by name',
        params: StudyParams,
        querystring: Type.Object({ includeDeleted: IncludeDeleted }),
        response: { 200: Type.Array(Definition) },
        errors: [404],
      }),
    },
    async (request) => {
      await assertStudy(db, request.params.studyId);
      const rows = await findGenericExports(db, { studyId: request.params.studyId, includeDeleted: request.query.includeDeleted ?? false });
      return rows.map(genericExportDto);
    },
  );

  app.post(
    '/GenericExport/study/:studyId',
    {
      config: { access: { right: 'ExportDefinitionCreateCmd' } },
      schema: routeSchema({
        operationId: 'createGenericExport',
        tags,
        summary: 'Creates a generic export definition; field rules answer 400 with fieldErrors',
        params: StudyParams,
        body: GenericExportCreateSchema,
        response: { 201: Definition },
        errors: [404],
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await createGenericExport(db, callerOf(request), request.params.studyId, request.body)),
  );

  app.get(
    '/GenericExport/study/:studyId/dataProviderItems',
    {
      config: { access: { right: 'ExportDefinitionGetDataProviderItemsCmd' } },
      schema: routeSchema({
        operationId: 'getGenericExportDataProviderItems',
        tags,
        summary: 'What a definition of the study can select, from its current study definition, in form order',
        params: StudyParams,
        response: { 200: Type.Array(DataProviderItemSchema) },
        errors: [404],
      }),
    },
    async (request) => {
      await assertStudy(db, request.params.studyId);
      return (await studyCatalogue(db, request.params.studyId)).items.map(publicItem);
    },
  );

  app.get(
    '/GenericExport/:id',
    {
      config: { access: { right: 'ExportDefinitionGetCmd' } },
      schema: routeSchema({
        operationId: 'getGenericExport',
        tags,
        summary: 'One generic export definition (also a deleted one)',
        params: IdParams,
        response: { 200: Definition },
        errors: [404],
      }),
    },
    async (request) => genericExportDto(await getGenericExport(db, request.params.id)),
  );

  app.put(
    '/GenericExport/:id',
    {
      config: { access: { right: 'ExportDefinitionUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateGenericExport',
        tags,
        summary: 'Replaces a definition; a stale version answers 409 with the stored one in current',
        params: IdParams,
        body: GenericExportUpdateSchema,
        response: { 200: Definition },
        errors: [404, 409],
      }),
    },
    async (request) => updateGenericExportDefinition(db, callerOf(request), request.params.id, request.body, config.clock()),
  );

  app.delete(
    '/GenericExport/:id',
    {
      config: { access: { right: 'ExportDefinitionDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteGenericExport',
        tags,
        summary: 'Deletes a definition softly (its schedule stops)',
        params: IdParams,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      await deleteGenericExport(db, callerOf(request), request.params.id, config.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/GenericExport/:id/duplicate',
    {
      config: { access: { right: 'ExportDefinitionDuplicateCmd' } },
      schema: routeSchema({
        operationId: 'duplicateGenericExport',
        tags,
        summary: 'Copies a definition as "<name> (Kopie)", without its schedule',
        params: IdParams,
        response: { 201: Definition },
        errors: [404],
      }),
    },
    async (request, reply) => reply.status(201).send(await duplicateGenericExport(db, callerOf(request), request.params.id)),
  );
}
