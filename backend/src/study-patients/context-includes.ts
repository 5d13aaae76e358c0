/**
 * What the batch patient context can carry besides the documentation (registry extension, issues 14 and 30): the
 * patient's data queries and questionnaire interviews, the caller's e-learning requirement, the languages of the
 * patient's study definition, the viewer and the questionnaires. The patient screen needs all of them; asking for
 * them with the context makes the screen one backend call instead of seven (each call costs its own sign-in check,
 * docs/benchmarks.md "CPU per request"). Each part answers exactly what its own route answers, and null where the
 * caller lacks that route's right (its 403).
 */
import { hasRight, registryToday, type RightName } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { DB } from '../__generated__/database.js';
import { readableQueries } from '../data-queries/data-queries.service.js';
import { DataQueryRef } from '../data-queries/data-queries.schemas.js';
import { elearningRequirement } from '../elearning/elearning-gate.js';
import { ElearningRequireSchema } from '../elearning/elearning.schemas.js';
import type { CurrentUser } from '../http/route-access.js';
import { LanguageSchema } from '../languages/languages.schemas.js';
import { findLanguages } from '../languages/languages.service.js';
import { InterviewSchema, QuestionnaireSchema } from '../questionnaires/questionnaires.schemas.js';
import { interviewsOfStudyPatients, listQuestionnaires, SYN_QUEST_RIGHTS } from '../questionnaires/questionnaires.service.js';
import { VIEWER_RIGHTS, ViewerSchema, viewerOf } from '../viewer/viewer.service.js';

/** Each part, the route whose answer it is, and that route's rights (one of them suffices). */
const PARTS = {
  dataQueries: { rights: ['QueryGetForPatientCmd'], route: 'GET Query/patient/{studyPatientId}' },
  questionnaireInterviews: { rights: ['SynQuestSystemApiGetInterviewsCmd'], route: 'GET SynQuest/interviews' },
  elearningRequirement: { rights: ['ELearningResultGetRequireCmd'], route: 'GET ELearningResult/studyDefinition/{id}/require' },
  languages: { rights: ['LanguageGetAllCmd'], route: 'GET Language?studyDefinitionId=' },
  viewer: { rights: VIEWER_RIGHTS, route: 'GET Viewer' },
  questionnaires: { rights: SYN_QUEST_RIGHTS, route: 'GET SynQuest/questionnaires' },
} as const satisfies Record<string, { rights: readonly RightName[]; route: string }>;

export type ContextInclude = keyof typeof PARTS;

const NAMES = Object.keys(PARTS) as ContextInclude[];
const NAME = `(${NAMES.join('|')})`;

export const ContextIncludeQuery = Type.String({
  pattern: `^${NAME}(,${NAME})*$`,
  description: `comma list of the parts to send with each context: ${NAMES.map((name) => `${name} (as ${PARTS[name].route})`).join(', ')}; elearningRequirement and languages come once per study definition, with its first context; viewer and questionnaires once per answer, with its first context`,
});

const forbiddenAs = (name: ContextInclude) => ({
  description: `as ${PARTS[name].route}; null without ${PARTS[name].rights.join(' or ')}`,
});

export const ContextIncludedSchema = Type.Object(
  {
    dataQueries: Type.Optional(Type.Union([Type.Array(DataQueryRef), Type.Null()], forbiddenAs('dataQueries'))),
    questionnaireInterviews: Type.Optional(Type.Union([Type.Array(InterviewSchema), Type.Null()], forbiddenAs('questionnaireInterviews'))),
    elearningRequirement: Type.Optional(Type.Union([ElearningRequireSchema, Type.Null()], forbiddenAs('elearningRequirement'))),
    languages: Type.Optional(Type.Union([Type.Array(LanguageSchema), Type.Null()], forbiddenAs('languages'))),
    viewer: Type.Optional(Type.Union([ViewerSchema, Type.Null()], forbiddenAs('viewer'))),
    questionnaires: Type.Optional(Type.Union([Type.Array(QuestionnaireSchema), Type.Null()], forbiddenAs('questionnaires'))),
  },
  { description: 'the parts asked for with include=' },
);

export const parseIncludes = (text: string | undefined): ContextInclude[] =>
  NAMES.filter((name) => text?.split(',').includes(name) ?? false);

/** Parts about the study definition rather than the patient: sent once per definition in an answer. */
const PER_DEFINITION: readonly ContextInclude[] = ['elearningRequirement', 'languages'];

/** Parts about the caller or the registry rather than the patient: sent once in an answer, with its first context. */
const PER_ANSWER: readonly ContextInclude[] = ['viewer', 'questionnaires'];

/** The included parts of one patient whose context the caller may read. */
async function includedOf(
  db: Kysely<DB>,
  caller: CurrentUser,
  patient: { id: string; studyDefinitionId: string },
  includes: readonly ContextInclude[],
  now: Date,
) {
  const part = <T>(name: ContextInclude, load: () => Promise<T>): Promise<T | null> | undefined =>
    includes.includes(name)
      ? PARTS[name].rights.some((right) => hasRight(caller.rights, right))
        ? load()
        : Promise.resolve(null)
      : undefined;
  const [dataQueries, questionnaireInterviews, elearning, languages, viewer, questionnaires] = await Promise.all([
    part('dataQueries', () => readableQueries(db, caller, { studyPatientId: patient.id }, registryToday(now))),
    part('questionnaireInterviews', () => interviewsOfStudyPatients(db, [patient.id], now)),
    part('elearningRequirement', () => elearningRequirement(db, caller, patient.studyDefinitionId)),
    part('languages', () => findLanguages(db, { studyDefinitionId: patient.studyDefinitionId })),
    part('viewer', () => viewerOf(db, caller)),
    part('questionnaires', () => listQuestionnaires(db)),
  ]);
  return {
    ...(dataQueries !== undefined && { dataQueries }),
    ...(questionnaireInterviews !== undefined && { questionnaireInterviews }),
    ...(elearning !== undefined && { elearningRequirement: elearning }),
    ...(languages !== undefined && { languages }),
    ...(viewer !== undefined && { viewer }),
    ...(questionnaires !== undefined && { questionnaires }),
  };
}

/**
 * The contexts, each with the parts `includes` names. The parts about the study definition (e-learning
 * requirement, languages) come with the first context of each definition only: a batch of 50 patients of one
 * definition carries them once; the viewer and the questionnaires with the answer's first context.
 */
export async function withIncluded<T extends { id: string; studyDefinitionId: string }>(
  db: Kysely<DB>,
  caller: CurrentUser,
  contexts: readonly T[],
  includes: readonly ContextInclude[],
  now: Date,
): Promise<(T & { included?: Awaited<ReturnType<typeof includedOf>> })[]> {
  if (includes.length === 0) return [...contexts];
  const definitionsSent = new Set<string>();
  const partsOf = contexts.map((context, index) => {
    const first = !definitionsSent.has(context.studyDefinitionId);
    definitionsSent.add(context.studyDefinitionId);
    return includes.filter((name) => (PER_ANSWER.includes(name) ? index === 0 : first || !PER_DEFINITION.includes(name)));
  });
  return Promise.all(
    contexts.map(async (context, index) => ({ ...context, included: await includedOf(db, caller, context, partsOf[index] ?? [], now) })),
  );
}
