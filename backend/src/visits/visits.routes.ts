/**
 * Visit: generic CRUD, my, study/{studyId}, temporaryDataFields, {id}/sign, and DELETE NngmVisit/{visitId}
 * (ecrf-calls.md §7 "Visits" and "Study and study definition"); plus Visit/batch?ids= for the gateway's
 * batching (ARCHITECTURE.md). Rules and versions: visits.service.ts.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, IdsQuery, IncludeDeleted, Uuid, parseIds, routeSchema } from '../http/schemas.js';
import { ReasonQuery } from '../patient-documentation/instruments.schemas.js';
import { findVisits } from '../patient-documentation/visit-lists.js';
import {
  SignResultSchema,
  SignSchema,
  TemporaryDataFieldsSchema,
  VisitCreateSchema,
  VisitSchema,
  VisitUpdateSchema,
} from '../patient-documentation/visits.schemas.js';
import { createVisit, deleteVisit, saveVisit, studyPatientOfVisit, temporaryVisitFields } from '../patient-documentation/visits.service.js';
import { assertPatientAccess } from '../patient-documentation/patient-workspace.js';
import { signVisit } from '../patient-documentation/signatures.js';
import { loadStudyPatient } from '../patient-documentation/patient-documents.js';

const tags = ['Visit'];
const Visits = Type.Array(VisitSchema);

export function registerVisitRoutes(app: App, { db }: AppDeps): void {
  const one = async (request: { params: { id: string } } & Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    await assertPatientAccess(db, caller, await loadStudyPatient(db, await studyPatientOfVisit(db, request.params.id)), 'visit');
    const [visit] = await findVisits(db, caller, 'StudyPatientGetAllCmd', { ids: [request.params.id], includeDeleted: true });
    if (!visit) throw notFound('visit');
    return visit;
  };

  app.get(
    '/Visit',
    {
      config: { access: { right: 'VisitGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getVisits',
        tags,
        summary: 'All visits, or those with the given ids',
        querystring: Type.Object({ ids: IdsQuery, includeDeleted: IncludeDeleted }),
        response: { 200: Visits },
      }),
    },
    (request) =>
      findVisits(db, callerOf(request), 'VisitGetAllCmd', {
        ids: parseIds(request.query.ids),
        includeDeleted: request.query.includeDeleted,
      }),
  );

  app.get(
    '/Visit/my',
    {
      config: { access: { right: 'VisitGetMyCmd' } },
      schema: routeSchema({
        operationId: 'getMyVisits',
        tags,
        summary: 'Visits of the patients at my locations',
        querystring: Type.Object({ ids: IdsQuery, includeDeleted: IncludeDeleted }),
        response: { 200: Visits },
      }),
    },
    (request) =>
      findVisits(db, callerOf(request), 'StudyPatientGetAllCmd', {
        ids: parseIds(request.query.ids),
        includeDeleted: request.query.includeDeleted,
      }),
  );

  app.get(
    '/Visit/batch',
    {
      config: { access: { right: 'VisitGetCmd' } },
      schema: routeSchema({
        operationId: 'getVisitsByIds',
        tags,
        summary: 'Visits by ids (batch read; unknown or invisible ids are left out)',
        querystring: Type.Object({ ids: Type.String({ pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$' }) }),
        response: { 200: Visits },
      }),
    },
    (request) => findVisits(db, callerOf(request), 'StudyPatientGetAllCmd', { ids: parseIds(request.query.ids), includeDeleted: true }),
  );

  app.get(
    '/Visit/study/:studyId',
    {
      config: { access: { right: 'VisitGetByStudyCmd' } },
      schema: routeSchema({
        operationId: 'getVisitsByStudy',
        tags,
        summary: 'Visits of a study',
        params: Type.Object({ studyId: Uuid }),
        querystring: Type.Object({ includeDeleted: IncludeDeleted }),
        response: { 200: Visits },
      }),
    },
    (request) =>
      findVisits(db, callerOf(request), 'VisitGetByStudyCmd', {
        studyId: request.params.studyId,
        includeDeleted: request.query.includeDeleted,
      }),
  );

  app.get(
    '/Visit/temporaryDataFields',
    {
      config: { access: { right: 'VisitGetTemporaryDataFieldsCmd' } },
      schema: routeSchema({
        operationId: 'getTemporaryVisitDataFields',
        tags,
        summary: 'The fields a new visit starts with (not stored), under a temporary id',
        querystring: Type.Object({ patientId: Uuid, visitDefinitionId: Uuid }),
        response: { 200: TemporaryDataFieldsSchema },
        errors: [404],
      }),
    },
    (request) => temporaryVisitFields(db, callerOf(request), request.query.patientId, request.query.visitDefinitionId),
  );

  app.get(
    '/Visit/:id',
    {
      config: { access: { right: 'VisitGetCmd' } },
      schema: routeSchema({
        operationId: 'getVisitById',
        tags,
        summary: 'A visit with its instruments',
        params: IdParams,
        response: { 200: VisitSchema },
        errors: [404],
      }),
    },
    (request) => one(request),
  );

  app.post(
    '/Visit',
    {
      config: { access: { right: 'VisitCreateCmd' } },
      schema: routeSchema({
        operationId: 'createVisit',
        tags,
        summary: 'Creates a visit (visibility rules, definition.max, DigiNet follow-up availability)',
        body: VisitCreateSchema,
        response: { 201: VisitSchema },
        errors: [404, 409, 422],
      }),
    },
    async (request, reply) => reply.status(201).send(await createVisit(db, callerOf(request), request.body)),
  );

  app.put(
    '/Visit/:id',
    {
      config: { access: { right: 'VisitUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateVisit',
        tags,
        summary: 'Saves visit fields and date with the version read (409 with the newer state when stale)',
        params: IdParams,
        body: VisitUpdateSchema,
        response: { 200: VisitSchema },
        errors: [404, 409, 422],
      }),
    },
    (request) => saveVisit(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/Visit/:id',
    {
      config: { access: { right: 'VisitDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteVisit',
        tags,
        summary: 'Marks a visit and its instruments deleted; the reason is audited',
        params: IdParams,
        querystring: ReasonQuery,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      await deleteVisit(db, callerOf(request), request.params.id, request.query.reasonOfChange);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/NngmVisit/:visitId',
    {
      config: { access: { right: 'NngmVisitDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteNngmVisit',
        tags,
        summary: 'Deletes a visit with the reason of change (route /deleteVisit/{visitId})',
        params: Type.Object({ visitId: Uuid }),
        querystring: ReasonQuery,
        response: { 204: Type.Null() },
        errors: [404],
      }),
    },
    async (request, reply) => {
      await deleteVisit(db, callerOf(request), request.params.visitId, request.query.reasonOfChange);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/Visit/:id/sign',
    {
      config: { access: { right: 'VisitSignCmd' } },
      schema: routeSchema({
        operationId: 'signVisit',
        tags,
        summary: 'Signs a visit after the password is re-entered; records who, when and the meaning',
        params: IdParams,
        body: SignSchema,
        response: { 200: SignResultSchema },
        errors: [404],
      }),
    },
    (request) => signVisit(db, callerOf(request), request.params.id, request.body),
  );
}
