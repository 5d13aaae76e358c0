/**
 * Accesses to the questionnaire system in the graph (docs/decisions.md "Questionnaire accesses"): staff issue an
 * access (patientLogin or userLogin), and the public side - the holder of an access code reads the questionnaire
 * and submits answers without an account. The code is the only credential: the public fields need no token,
 * answer nothing of the patient, and a client presenting too many invalid codes is refused for a while here,
 * before the backend's own, wider limit.
 */
import type { MutationResolvers, QueryResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { attemptWithIds, backendId, type UserErrorModel } from '../graph/user-errors.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { QuestionnaireInterview } from './models.js';
import { respondentOf } from './questionnaires.resolvers.js';
import { QUESTIONNAIRE_ACCESS_MESSAGES } from '../graph/messages.js';

/** Invalid codes per client within the window (the backend refuses the gateway's address only at 30). */
export const GATEWAY_ACCESS_FAILURES = { maxFailures: 10, windowMs: 10 * 60_000 } as const;

const refusal = (code: 'ACCESS_INVALID' | 'TOO_MANY_ATTEMPTS'): UserErrorModel => ({
  code,
  message: code === 'ACCESS_INVALID' ? QUESTIONNAIRE_ACCESS_MESSAGES.invalid : QUESTIONNAIRE_ACCESS_MESSAGES.tooMany,
  field: 'accessCode',
});

/**
 * Runs a public call for the client: throttled clients are refused at once; an invalid code counts against the
 * client. The backend's public calls read no token; the code is the credential.
 */
async function publicCall<T>(c: GatewayContext, run: () => Promise<T>): Promise<{ value: T } | { refused: UserErrorModel }> {
  const client = c.clientAddress ?? 'unknown';
  if ((await c.accessCodeLimiter.retryAfter(client)) > 0) return { refused: refusal('TOO_MANY_ATTEMPTS') };
  try {
    return { value: await run() };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.code === 'ECRF_ERR_QUESTIONNAIRE_ACCESS_INVALID') {
      await c.accessCodeLimiter.recordFailure(client);
      return { refused: refusal('ACCESS_INVALID') };
    }
    if (error.code === 'ECRF_ERR_TOO_MANY_ATTEMPTS') return { refused: refusal('TOO_MANY_ATTEMPTS') };
    throw error;
  }
}

/** The field of the input a 404 of the backend names. */
function notFoundField(error: UpstreamError): string {
  if (error.message.startsWith('questionnaire')) return 'questionnaireId';
  if (error.message.startsWith('instrument')) return 'instrumentId';
  return 'studyPatientId';
}

export const patientQuestionnaireQueries: Pick<QueryResolvers, 'patientQuestionnaire'> = {
  async patientQuestionnaire(_, { accessCode }, c) {
    const answer = await publicCall(c, () => c.backend.call('post', '/api/v1.0/SynQuest/access/questionnaire', { body: { accessCode } }));
    if ('refused' in answer) return { questionnaire: null, errors: [answer.refused] };
    return { questionnaire: { ...answer.value, respondent: respondentOf(answer.value.kind) }, errors: [] };
  },
};

type AccessPayload = {
  access: {
    accessCode: string;
    url: string;
    path: string;
    expiresAt: string;
    respondent: ReturnType<typeof respondentOf>;
  } | null;
  interview: QuestionnaireInterview | null;
  studyPatient: { id: string } | null;
  errors: UserErrorModel[];
};

export const questionnaireAccessMutations: Pick<MutationResolvers, 'createQuestionnaireAccess' | 'submitQuestionnaireAnswers'> = {
  createQuestionnaireAccess: (_, { input }, c) =>
    attemptWithIds<AccessPayload>(
      c,
      async () => {
        const refused = (errors: UserErrorModel[]) => ({ access: null, interview: null, studyPatient: null, errors });
        if (input.respondent === 'PATIENT' && input.validDays != null && (input.validDays < 1 || input.validDays > 30)) {
          // Input is judged only for a signed-in viewer: without a valid token the answer is UNAUTHENTICATED.
          await c.loaders.currentUser();
          return refused([{ code: 'INVALID_VALUE', message: QUESTIONNAIRE_ACCESS_MESSAGES.validDays, field: 'validDays' }]);
        }
        const studyPatientId = backendId(input.studyPatientId, 'StudyPatient', 'studyPatientId');
        const body = {
          studyPatientId,
          questionnaireId: backendId(input.questionnaireId, 'Questionnaire', 'questionnaireId'),
          instrumentId: input.instrumentId ? backendId(input.instrumentId, 'Instrument', 'instrumentId').split('/')[1] : null,
        };
        try {
          const access =
            input.respondent === 'PATIENT'
              ? await c.backend.call('post', '/api/v1.0/SynQuest/patientLogin', { body: { ...body, validDays: input.validDays ?? 7 } })
              : await c.backend.call('post', '/api/v1.0/SynQuest/userLogin', { body });
          const path = new URL(access.url).pathname;
          return {
            access: {
              accessCode: access.accessCode,
              url: access.url,
              path,
              expiresAt: access.expiresAt,
              respondent: respondentOf(access.kind),
            },
            interview: access.interview,
            studyPatient: { id: studyPatientId },
            errors: [],
          };
        } catch (error) {
          if (error instanceof UpstreamError && error.status === 404)
            return refused([{ code: 'INVALID_VALUE', message: QUESTIONNAIRE_ACCESS_MESSAGES.unknown, field: notFoundField(error) }]);
          throw error;
        }
      },
      (errors) => ({ access: null, interview: null, studyPatient: null, errors }),
    ),

  async submitQuestionnaireAnswers(_, { input }, c) {
    const answers = input.answers.map((a) => ({ itemId: a.itemKey, code: a.optionCode }));
    try {
      const answer = await publicCall(c, () =>
        c.backend.call('post', '/api/v1.0/SynQuest/access/answers', { body: { accessCode: input.accessCode, answers } }),
      );
      if ('refused' in answer) return { submitted: false, completedAt: null, errors: [answer.refused] };
      return { submitted: true, completedAt: answer.value.completedAt, errors: [] };
    } catch (error) {
      const fields = error instanceof UpstreamError && Array.isArray(error.body.fieldErrors) ? error.body.fieldErrors : null;
      if (!fields) throw error;
      const errors = fields.flatMap((entry: unknown) => {
        const { field, message } = (entry ?? {}) as Record<string, unknown>;
        return typeof field === 'string' && typeof message === 'string' ? [{ code: 'INVALID_VALUE' as const, message, field }] : [];
      });
      return { submitted: false, completedAt: null, errors };
    }
  },
};
