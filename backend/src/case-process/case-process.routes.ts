/**
 * CaseProcess: by visit, by patient, create, update (ecrf-calls.md §7 "Visits"; ecrf-core.md §4 "Case
 * process step"). Create and update answer the steps of the visit reloaded, with the stopping step (first
 * step in state stop by order) and the latest filled step (highest-order step that has a main state).
 */
import { caseProcessSummary } from '@ecrf/rules';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import { loadStudyPatient, stepDto } from '../patient-documentation/patient-documents.js';
import { assertPatientAccess } from '../patient-documentation/patient-workspace.js';
import { studyPatientOfVisit } from '../patient-documentation/visits.service.js';
import { CaseProcessCreateSchema, CaseProcessSchema, CaseProcessUpdateSchema } from '../patient-documentation/case-process.schemas.js';
import { createCaseProcessStep, updateCaseProcessStep } from '../patient-documentation/case-process.service.js';
import { findStep, findSteps } from '../patient-documentation/case-process.sql.js';
import type { RecordName } from '../errors/messages.js';

const tags = ['CaseProcess'];

export function registerCaseProcessRoutes(app: App, { db }: AppDeps): void {
  const stepsOfVisit = async (visitId: string) => caseProcessSummary((await findSteps(db, { visitId })).map(stepDto));
  const guardVisit = async (caller: ReturnType<typeof callerOf>, visitId: string, hiddenAs: RecordName = 'visit') => {
    const patient = await loadStudyPatient(db, await studyPatientOfVisit(db, visitId));
    await assertPatientAccess(db, caller, patient, hiddenAs);
    return patient;
  };

  app.get(
    '/CaseProcess/visit/:visitId',
    {
      config: { access: { right: 'CaseProcessGetByVisitCmd' } },
      schema: routeSchema({
        operationId: 'getCaseProcessByVisit',
        tags,
        summary: 'The case process steps of a visit',
        params: Type.Object({ visitId: Uuid }),
        response: { 200: CaseProcessSchema },
        errors: [404],
      }),
    },
    async (request) => {
      await guardVisit(callerOf(request), request.params.visitId);
      return stepsOfVisit(request.params.visitId);
    },
  );

  app.get(
    '/CaseProcess/patient/:studyPatientId',
    {
      config: { access: { right: 'CaseProcessGetByPatientCmd' } },
      schema: routeSchema({
        operationId: 'getCaseProcessByPatient',
        tags,
        summary: 'The case process steps of a study patient',
        params: Type.Object({ studyPatientId: Uuid }),
        response: { 200: CaseProcessSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const patient = await loadStudyPatient(db, request.params.studyPatientId);
      await assertPatientAccess(db, callerOf(request), patient);
      return caseProcessSummary((await findSteps(db, { studyPatientId: patient.id })).map(stepDto));
    },
  );

  app.post(
    '/CaseProcess',
    {
      config: { access: { right: 'CaseProcessCreateCmd' } },
      schema: routeSchema({
        operationId: 'createCaseProcessStep',
        tags,
        summary: 'Creates a case process step; answers the steps of its visit',
        body: CaseProcessCreateSchema,
        response: { 201: CaseProcessSchema },
        errors: [404],
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const patient = await guardVisit(caller, request.body.visitId);
      const { body } = request;
      await createCaseProcessStep(db, caller, patient.id, body);
      return reply.status(201).send(await stepsOfVisit(body.visitId));
    },
  );

  app.put(
    '/CaseProcess/:id',
    {
      config: { access: { right: 'CaseProcessUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateCaseProcessStep',
        tags,
        summary: 'Updates state, main state and sub states of a step; answers the steps of its visit',
        params: IdParams,
        body: CaseProcessUpdateSchema,
        response: { 200: CaseProcessSchema },
        errors: [404],
      }),
    },
    async (request) => {
      const caller = callerOf(request);
      const before = await findStep(db, request.params.id);
      if (!before) throw notFound('case process step');
      await guardVisit(caller, before.visit_id, 'case process step');
      return stepsOfVisit(await updateCaseProcessStep(db, caller, before.id, request.body));
    },
  );
}
