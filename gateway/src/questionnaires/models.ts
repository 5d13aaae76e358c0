/** The questionnaire system as the backend answers it (ecrf-calls.md §7 "Questionnaire system"). */
import type { Operation, SuccessBody } from '../upstream/openapi-types.js';

export type Questionnaire = SuccessBody<Operation<'/api/v1.0/SynQuest/questionnaires', 'get'>>[number];
export type QuestionnaireItem = Questionnaire['items'][number];
export type ScoreFlagRule = Questionnaire['flags'][number];
export type QuestionnaireInterview = SuccessBody<Operation<'/api/v1.0/SynQuest/interviews', 'get'>>[number];
export type QuestionnaireAnswer = NonNullable<QuestionnaireInterview['answers']>[number];
export type QuestionnaireScore = NonNullable<QuestionnaireInterview['score']>;
export type PublicQuestionnaire = SuccessBody<Operation<'/api/v1.0/SynQuest/access/questionnaire', 'post'>>;
export type PatientQuestionnaireItem = PublicQuestionnaire['items'][number];
