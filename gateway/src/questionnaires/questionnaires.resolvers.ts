/**
 * The questionnaire system in the graph (ecrf-calls.md §7 "Questionnaire system"): the questionnaires with their
 * scores for integrators, a study patient's interviews (read by the patient identifier, the pseudonym), the
 * interview of an instrument, and the viewer's capabilities. What the viewer lacks the right for is empty or null.
 */
import type {
  InstrumentResolvers,
  PatientQuestionnaireItemResolvers,
  QueryResolvers,
  QuestionnaireAnswerResolvers,
  QuestionnaireInterviewResolvers,
  QuestionnaireItemResolvers,
  QuestionnaireResolvers,
  QuestionnaireScoreResolvers,
  ScoreFlagRuleResolvers,
  StudyPatientResolvers,
} from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { backendPage, connectionOf, needsTotal, pageRequest, pageWindow, type PageWindow } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { loadPatientNode } from '../patients/patient-nodes.js';
import type { Instrument } from '../patients/models.js';
import { nullIfNotFound } from '../upstream/upstream-error.js';
import { viewerRights } from '../viewer/rights.js';
import type { Questionnaire, QuestionnaireInterview } from './models.js';

const SYN_QUEST_RIGHTS = [
  'SynQuestUserLoginCmd',
  'SynQuestPatientLoginCmd',
  'SynQuestGetInterviewCmd',
  'SynQuestSystemApiGetInterviewsCmd',
  'SynQuestSystemApiGetQuestionnaireScoresCmd',
] as const;

export const respondentOf = (kind: 'patient' | 'staff') => (kind === 'patient' ? 'PATIENT' : 'STAFF');

/** Every questionnaire version, once per request; none without any of the questionnaire rights. */
export async function questionnairesOf(c: GatewayContext): Promise<Questionnaire[]> {
  // Wanted before the rights are known, so they can come with the patient context (upstream/ride-along.ts).
  c.loaders.questionnaires.want();
  const may = await viewerRights(c);
  if (!SYN_QUEST_RIGHTS.some((right) => may(right))) return [];
  return c.loaders.questionnaires.load();
}

/** The interviews of a study patient; empty without SynQuestSystemApiGetInterviewsCmd. */
export async function interviewsOf(studyPatientId: string, c: GatewayContext): Promise<QuestionnaireInterview[]> {
  if (!(await viewerRights(c))('SynQuestSystemApiGetInterviewsCmd')) return [];
  return c.loaders.patientInterviews.load(studyPatientId);
}

/** `node(id)` of a questionnaire version. */
export async function loadQuestionnaireNode(id: string, c: GatewayContext): Promise<Questionnaire | null> {
  return (await questionnairesOf(c)).find((q) => q.id === id) ?? null;
}

/** `node(id)` of an interview: `<studyPatientId>/<interviewId>`, from the patient's interviews. */
export async function loadInterviewNode(id: string, c: GatewayContext): Promise<QuestionnaireInterview | null> {
  const [studyPatientId = '', interviewId] = id.split('/');
  return (await interviewsOf(studyPatientId, c)).find((interview) => interview.id === interviewId) ?? null;
}

export const questionnaireQueries: Pick<QueryResolvers, 'questionnaires'> = {
  questionnaires: async (_, { includeOlderVersions }, c) =>
    (await questionnairesOf(c)).filter((q) => includeOlderVersions === true || q.isCurrent),
};

export const StudyPatientQuestionnaires: Pick<StudyPatientResolvers, 'questionnaireInterviews'> = {
  questionnaireInterviews: (patient, _, c) => interviewsOf(patient.id, c),
};

export const InstrumentQuestionnaire: Pick<InstrumentResolvers, 'questionnaireInterview'> = {
  questionnaireInterview: async ({ instrument }, _, c) => {
    if (!(await viewerRights(c))('SynQuestGetInterviewCmd')) return null;
    return nullIfNotFound(c.backend.call('get', '/api/v1.0/SynQuest/interview', { query: { instrumentId: instrument.id } }));
  },
};

export const QuestionnaireType: QuestionnaireResolvers = {
  id: (q) => toGlobalId('Questionnaire', q.id),
  flagRules: (q) => q.flags,
  async scores(q, paging, c) {
    const page = (window: PageWindow) =>
      c.backend.call('get', '/api/v1.0/nngm_synquest_system_api/questionnaire/{questionnaireId}/scores', {
        path: { questionnaireId: q.id },
        query: pageRequest(window),
      });
    const total = needsTotal(paging) ? (await page({ offset: 0, size: 1 })).totalCount : undefined;
    const window = pageWindow(paging, 100, total);
    const { skip } = backendPage(window);
    const answer = await page(window);
    return connectionOf(answer.scores.slice(skip, skip + window.size), window.offset, answer.totalCount);
  },
};

export const QuestionnaireItemType: QuestionnaireItemResolvers = {
  key: (item) => item.id,
};

export const PatientQuestionnaireItemType: PatientQuestionnaireItemResolvers = {
  key: (item) => item.id,
};

export const ScoreFlagRuleType: ScoreFlagRuleResolvers = {
  itemKey: (rule) => rule.itemId,
};

export const QuestionnaireInterviewType: QuestionnaireInterviewResolvers = {
  id: (interview) => toGlobalId('QuestionnaireInterview', `${interview.studyPatientId}/${interview.id}`),
  questionnaire: async (interview, _, c) => {
    const found = (await c.loaders.questionnaires.load()).find((q) => q.id === interview.questionnaireId);
    if (!found) throw new Error(`questionnaire ${interview.questionnaireId} of interview ${interview.id} not loaded`);
    return found;
  },
  studyPatient: (interview) => ({ id: interview.studyPatientId }),
  instrument: async (interview, _, c) =>
    interview.instrumentId
      ? ((await loadPatientNode('Instrument', `${interview.studyPatientId}/${interview.instrumentId}`, c)) as Instrument | null)
      : null,
  respondent: (interview) => (interview.enteredBy ? respondentOf(interview.enteredBy) : null),
  enteredByUserName: (interview) => interview.enteredByUser,
  answers: (interview) => interview.answers ?? [],
};

export const QuestionnaireAnswerType: QuestionnaireAnswerResolvers = {
  itemKey: (answer) => answer.itemId,
  optionCode: (answer) => answer.code,
};

export const QuestionnaireScoreType: QuestionnaireScoreResolvers = {
  needsClinicalAttention: (score) => score.flags.length > 0,
};
