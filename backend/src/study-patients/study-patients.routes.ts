/**
 * StudyPatient: study/{studyId}/my, study/{studyId}, patient/{id}, create, update, delete,
 * registerForPortal/{id} and {id}/context (ecrf-calls.md §7 "Study and study definition"), plus
 * context?ids= so a screen of several patients stays one call.
 */
import { hasRight } from '@ecrf/rules';
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { App, AppDeps } from '../app-deps.js';
import { audit, actorOf } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { callerOf, type CurrentUser } from '../http/route-access.js';
import { IdParams, IncludeDeleted, Uuid, parseIds, routeSchema } from '../http/schemas.js';
import { ReasonQuery } from '../patient-documentation/instruments.schemas.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { savePatientFields } from '../patient-documentation/patient-fields.service.js';
import { ContextIncludedSchema, ContextIncludeQuery, parseIncludes, withIncluded } from './context-includes.js';
import { assertElearningPassed } from '../elearning/elearning-gate.js';
import { assertPatientAccess } from '../patient-documentation/patient-workspace.js';
import {
  StudyPatientContextSchema,
  StudyPatientCreateSchema,
  StudyPatientSchema,
  StudyPatientUpdateSchema,
} from './study-patients.schemas.js';
import { softDelete } from '../patients/patients.service.js';
import { createStudyPatient, patientContext, studyPatientDto } from './study-patients.service.js';
import { findStudyPatients, setPortalRegistered } from '../patient-documentation/study-patients.sql.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';

const tags = ['StudyPatient'];

async function listStudyPatients(
  db: Kysely<DB>,
  where: { studyId?: string; patientId?: string; includeDeleted?: boolean; mine?: CurrentUser },
) {
  const { mine, ...filter } = where;
  const studyInstituteIds = mine && !hasRight(mine.rights, 'StudyPatientGetAllCmd') ? await callerLocationIds(db, mine) : undefined;
  return (await findStudyPatients(db, { ...filter, studyInstituteIds })).map(studyPatientDto);
}

export function registerStudyPatientRoutes(app: App, { db, config }: AppDeps): void {
  const List = Type.Array(StudyPatientSchema);
  const one = async (caller: CurrentUser, id: string) => {
    const row = await loadStudyPatient(db, id);
    await assertPatientAccess(db, caller, row);
    return studyPatientDto(row);
  };

  app.get(
    '/StudyPatient/study/:studyId/my',
    {
      config: { access: { right: 'StudyPatientGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyStudyPatients',
        tags,
        summary: 'Study patients at my locations',
        params: Type.Object({ studyId: Uuid }),
        querystring: Type.Object({ includeDeleted: IncludeDeleted }),
        response: { 200: List },
      }),
    },
    (request) =>
      listStudyPatients(db, { studyId: request.params.studyId, includeDeleted: request.query.includeDeleted, mine: callerOf(request) }),
  );

  app.get(
    '/StudyPatient/study/:studyId',
    {
      config: { access: { right: 'StudyPatientGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getStudyPatientsByStudy',
        tags,
        summary: 'All study patients of a study',
        params: Type.Object({ studyId: Uuid }),
        querystring: Type.Object({ includeDeleted: IncludeDeleted }),
        response: { 200: List },
      }),
    },
    (request) => listStudyPatients(db, { studyId: request.params.studyId, includeDeleted: request.query.includeDeleted }),
  );

  app.get(
    '/StudyPatient/patient/:id',
    {
      config: { access: { right: 'StudyPatientGetByPatientCmd' } },
      schema: routeSchema({
        operationId: 'getStudyPatientsByPatient',
        tags,
        summary: 'The study patients of a patient',
        params: IdParams,
        response: { 200: List },
      }),
    },
    (request) => listStudyPatients(db, { patientId: request.params.id, mine: callerOf(request) }),
  );

  app.get(
    '/StudyPatient/context',
    {
      config: { access: { right: 'StudyPatientGetContextCmd' } },
      schema: routeSchema({
        operationId: 'getStudyPatientContexts',
        tags,
        summary: 'Patient contexts by ids (batch read), each with the parts include= asks for',
        querystring: Type.Object({
          ids: Type.String({ pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36}){0,49}$', description: 'up to 50 comma-separated ids' }),
          include: Type.Optional(ContextIncludeQuery),
        }),
        response: {
          200: Type.Array(Type.Object({ ...StudyPatientContextSchema.properties, included: Type.Optional(ContextIncludedSchema) })),
        },
        errors: [403, 404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const contexts = await Promise.all((parseIds(request.query.ids) ?? []).map((id) => patientContext(db, caller, id)));
      return withIncluded(db, caller, contexts, parseIncludes(request.query.include), config.clock());
    },
  );

  app.get(
    '/StudyPatient/:id/context',
    {
      config: { access: { right: 'StudyPatientGetContextCmd' } },
      schema: routeSchema({
        operationId: 'getStudyPatientContext',
        tags,
        summary:
          'The patient context: fields, visits with instruments and fields, standalone instruments, verification flags, case process steps',
        params: IdParams,
        response: { 200: StudyPatientContextSchema },
        errors: [404],
      }),
    },
    (request) => patientContext(db, callerOf(request), request.params.id),
  );

  app.post(
    '/StudyPatient',
    {
      config: { access: { right: 'StudyPatientCreateCmd' } },
      schema: routeSchema({
        operationId: 'createStudyPatient',
        tags,
        summary: 'Enrols a patient in a study at a location',
        body: StudyPatientCreateSchema,
        response: { 201: StudyPatientSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request, reply) => reply.status(201).send(studyPatientDto(await createStudyPatient(db, callerOf(request), request.body))),
  );

  app.put(
    '/StudyPatient/:id',
    {
      config: { access: { right: 'StudyPatientUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateStudyPatient',
        tags,
        summary: 'Saves patient fields or the location with the version read',
        params: IdParams,
        body: StudyPatientUpdateSchema,
        response: { 200: StudyPatientSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const { body } = request;
      await savePatientFields(
        db,
        caller,
        request.params.id,
        { version: body.version, fields: body.fields ?? [], reasonForChange: body.reasonForChange },
        { studyInstituteId: body.studyInstituteId },
      );
      return one(caller, request.params.id);
    },
  );

  app.delete(
    '/StudyPatient/:id',
    {
      config: { access: { right: 'StudyPatientDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteStudyPatient',
        tags,
        summary: 'Marks a study patient deleted; the reason is audited, as for a visit',
        params: IdParams,
        querystring: ReasonQuery,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const patient = await one(caller, request.params.id);
      await assertElearningPassed(db, caller, patient.studyDefinitionId);
      await softDelete(db, caller, 'study_patient', request.params.id, request.query.reasonOfChange);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/StudyPatient/registerForPortal/:id',
    {
      config: { access: { right: 'StudyPatientRegisterForPortalCmd' } },
      schema: routeSchema({
        operationId: 'registerStudyPatientForPortal',
        tags,
        summary: 'Registers the study patient for the patient portal',
        params: IdParams,
        response: { 200: StudyPatientSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await one(caller, request.params.id);
      if (before.portalRegisteredAt) return before;
      const at = new Date();
      await db.transaction().execute(async (trx) => {
        await setPortalRegistered(trx, before.id, at);
        await audit(trx, {
          actor: actorOf(caller),
          tableName: 'study_patient',
          recordId: before.id,
          operation: 'Update',
          oldValue: { portalRegisteredAt: null },
          newValue: { portalRegisteredAt: at.toISOString() },
        });
      });
      return one(caller, before.id);
    },
  );
}
