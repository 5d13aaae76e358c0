/**
 * The questionnaire system's calls (ecrf-calls.md §7 "Questionnaire system", SynQuest in the contract): POST
 * userLogin and patientLogin; GET interview?instrumentId and interviews?patientIdentifier; GET
 * nngm_synquest_system_api/questionnaire/{questionnaireId}/scores. Ours beside them: the questionnaire list and
 * the two public calls through which the holder of an access code reads the questionnaire and submits answers.
 */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { Uuid, routeSchema } from '../http/schemas.js';
import { registerQuestionnaireAccessRoutes } from './questionnaire-access.routes.js';
import { issueAccess } from './questionnaire-access.service.js';
import {
  AccessSchema,
  InterviewSchema,
  LoginBodySchema,
  PatientLoginBodySchema,
  QuestionnaireSchema,
  ScoresSchema,
} from './questionnaires.schemas.js';
import {
  interviewOfInstrument,
  interviewsOfPatient,
  listQuestionnaires,
  questionnaireScores,
  SYN_QUEST_RIGHTS,
} from './questionnaires.service.js';

const tags = ['Questionnaire system'];

export function registerQuestionnaireRoutes(app: App, deps: AppDeps): void {
  const { db, config } = deps;

  app.get(
    '/SynQuest/questionnaires',
    {
      // Whoever may use the questionnaire system in any way may know its questionnaires.
      config: { access: { anyRight: SYN_QUEST_RIGHTS } },
      schema: routeSchema({
        operationId: 'getQuestionnaires',
        tags,
        summary: 'Every loaded questionnaire version with its items, options and scoring, newest version of each first',
        response: { 200: Type.Array(QuestionnaireSchema) },
      }),
    },
    () => listQuestionnaires(db),
  );

  app.post(
    '/SynQuest/userLogin',
    {
      config: { access: { right: 'SynQuestUserLoginCmd' } },
      schema: routeSchema({
        operationId: 'synQuestUserLogin',
        tags,
        summary:
          "The caller's own one-hour access to the patient's open interview of the questionnaire (started if none), e.g. to enter a paper form",
        body: LoginBodySchema,
        response: { 201: AccessSchema },
        errors: [404],
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await issueAccess(db, callerOf(request), request.body, 'staff', config.publicUrl, config.clock())),
  );

  app.post(
    '/SynQuest/patientLogin',
    {
      config: { access: { right: 'SynQuestPatientLoginCmd' } },
      schema: routeSchema({
        operationId: 'synQuestPatientLogin',
        tags,
        summary:
          "A patient's one-time access (code and link, shown once) to their open interview of the questionnaire; replaces the patient's earlier open access",
        body: PatientLoginBodySchema,
        response: { 201: AccessSchema },
        errors: [404],
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await issueAccess(db, callerOf(request), request.body, 'patient', config.publicUrl, config.clock())),
  );

  app.get(
    '/SynQuest/interview',
    {
      config: { access: { right: 'SynQuestGetInterviewCmd' } },
      schema: routeSchema({
        operationId: 'getSynQuestInterview',
        tags,
        summary: 'The newest interview belonging to an eCRF instrument (404 when none, or the patient is not readable)',
        querystring: Type.Object({ instrumentId: Uuid }),
        response: { 200: InterviewSchema },
        errors: [404],
      }),
    },
    (request) => interviewOfInstrument(db, callerOf(request), request.query.instrumentId, config.clock()),
  );

  app.get(
    '/SynQuest/interviews',
    {
      config: { access: { right: 'SynQuestSystemApiGetInterviewsCmd' } },
      schema: routeSchema({
        operationId: 'getSynQuestInterviews',
        tags,
        summary: "A patient's interviews, newest first, by the patient identifier (the registry pseudonym); 404 for an unreadable patient",
        querystring: Type.Object({ patientIdentifier: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Array(InterviewSchema) },
        errors: [404],
      }),
    },
    (request) => interviewsOfPatient(db, callerOf(request), request.query.patientIdentifier, config.clock()),
  );

  app.get(
    '/nngm_synquest_system_api/questionnaire/:questionnaireId/scores',
    {
      config: { access: { right: 'SynQuestSystemApiGetQuestionnaireScoresCmd' } },
      schema: routeSchema({
        operationId: 'getQuestionnaireScores',
        tags,
        summary:
          'The scores of the completed interviews of a questionnaire (its id: that version; its identifier such as phq-9: every version) for the patients the caller may read, newest first',
        params: Type.Object({ questionnaireId: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
          itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
        }),
        response: { 200: ScoresSchema },
        errors: [404],
      }),
    },
    (request) =>
      questionnaireScores(
        db,
        callerOf(request),
        request.params.questionnaireId,
        { page: request.query.page ?? 1, itemsPerPage: request.query.itemsPerPage ?? 100 },
        config.clock(),
      ),
  );

  registerQuestionnaireAccessRoutes(app, deps);
}
