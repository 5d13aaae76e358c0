/**
 * The public side of a questionnaire access (docs/decisions.md "Questionnaire accesses"): the code in the body is
 * the only credential and opens exactly one interview. Codes travel in POST bodies, never in URLs the server
 * logs. An address that presents too many invalid codes is refused for a while (429, `Retry-After`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppDeps } from '../app-deps.js';
import { createStoredAttemptLimiter } from '../auth/stored-attempt-limiter.js';
import { EcrfError } from '../errors/errors.js';
import { routeSchema } from '../http/schemas.js';
import { openAccess, submitAnswers } from './questionnaire-access.service.js';
import { AccessCodeBodySchema, PublicQuestionnaireSchema, SubmitBodySchema, SubmittedSchema } from './questionnaires.schemas.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

const tags = ['Questionnaire system'];

/** Invalid codes per address within the window before it is refused (the gateway allows each client fewer). */
export const BACKEND_ACCESS_FAILURES = { maxFailures: 30, windowMs: 10 * 60_000 } as const;

export function registerQuestionnaireAccessRoutes(app: App, { db, config }: AppDeps): void {
  const limiter = createStoredAttemptLimiter(db, `${config.throttleNamespace}:questionnaire-access`, BACKEND_ACCESS_FAILURES, config.clock);

  /** Runs a public call unless the address is throttled; an invalid code counts against the address. */
  const throttled = async <T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    const wait = await limiter.retryAfter(request.ip);
    if (wait > 0) {
      void reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw new EcrfError('ECRF_ERR_TOO_MANY_ATTEMPTS', ACCESS_MESSAGES.tooManyAccessCodes);
    }
    try {
      return await run();
    } catch (error) {
      if (error instanceof EcrfError && error.code === 'ECRF_ERR_QUESTIONNAIRE_ACCESS_INVALID') await limiter.recordFailure(request.ip);
      throw error;
    }
  };

  app.post(
    '/SynQuest/access/questionnaire',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'openQuestionnaireAccess',
        tags,
        summary: 'The questionnaire an access code opens, without anything of the patient (404 for every invalid code, 429 when throttled)',
        isPublic: true,
        body: AccessCodeBodySchema,
        response: { 200: PublicQuestionnaireSchema },
        errors: [404, 429],
      }),
    },
    (request, reply) => throttled(request, reply, () => openAccess(db, request.body.accessCode, config.clock())),
  );

  app.post(
    '/SynQuest/access/answers',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'submitQuestionnaireAnswers',
        tags,
        summary:
          'Submits the answers through an access code: every required item answered (400 with fieldErrors at answers.<itemId>), scored, the access used up',
        isPublic: true,
        body: SubmitBodySchema,
        response: { 200: SubmittedSchema },
        errors: [404, 429],
      }),
    },
    (request, reply) => throttled(request, reply, () => submitAnswers(db, request.body.accessCode, request.body.answers, config.clock())),
  );
}
