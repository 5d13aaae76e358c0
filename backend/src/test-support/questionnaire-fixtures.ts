/** Shared by the questionnaire integration tests: the shipped PHQ-9, its answers and calls of the public side. */
import type { QuestionnaireAnswer, RightName } from '@ecrf/rules';
import type { App } from '../app-deps.js';
import type { Api } from './documentation-fixtures.js';
import type { AccessDto, QuestionnaireDto } from '../questionnaires/questionnaires.schemas.js';

export const SYN_QUEST_RIGHTS: RightName[] = [
  'SynQuestUserLoginCmd',
  'SynQuestPatientLoginCmd',
  'SynQuestGetInterviewCmd',
  'SynQuestSystemApiGetInterviewsCmd',
  'SynQuestSystemApiGetQuestionnaireScoresCmd',
];

/** The nine PHQ-9 answers with these values, item 1 first. */
export const phq9Answers = (values: readonly number[]): QuestionnaireAnswer[] =>
  values.map((value, i) => ({ itemId: `phq9_0${i + 1}`, code: String(value) }));

export async function currentPhq9(client: Api): Promise<QuestionnaireDto> {
  const list = await client.get<QuestionnaireDto[]>('SynQuest/questionnaires');
  const phq9 = list.body.find((q) => q.identifier === 'phq-9' && q.isCurrent);
  if (!phq9) throw new Error(`no current PHQ-9: ${list.status} ${JSON.stringify(list.body)}`);
  return phq9;
}

export async function patientLogin(client: Api, body: Record<string, unknown>): Promise<{ status: number; body: AccessDto }> {
  return client.send<AccessDto>('POST', 'SynQuest/patientLogin', body);
}

/** A public call as an unauthenticated browser (through the gateway: from its address) makes it. */
export async function publicCall<T>(
  app: App,
  path: 'questionnaire' | 'answers',
  payload: Record<string, unknown>,
  remoteAddress = '198.51.100.7',
): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const response = await app.inject({ method: 'POST', url: `/api/v1.0/SynQuest/access/${path}`, payload, remoteAddress });
  return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
}
