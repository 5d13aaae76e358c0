/**
 * What the batch patient context can carry besides the documentation (registry extension, issue 14): the
 * patient's data queries and questionnaire interviews, the caller's e-learning requirement and the languages of
 * the patient's study definition. The patient screen needs all of them; asking for them with the context makes
 * the screen one backend call instead of five. Each part answers exactly what its own route answers, and null
 * where the caller lacks that route's right (its 403).
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
import { InterviewSchema } from '../questionnaires/questionnaires.schemas.js';
import { interviewsOfStudyPatients } from '../questionnaires/questionnaires.service.js';

/** Each part, the route whose answer it is, and that route's right. */
const PARTS = {
  dataQueries: { right: 'QueryGetForPatientCmd', route: 'GET Query/patient/{studyPatientId}' },
  questionnaireInterviews: { right: 'SynQuestSystemApiGetInterviewsCmd', route: 'GET SynQuest/interviews' },
  elearningRequirement: { right: 'ELearningResultGetRequireCmd', route: 'GET ELearningResult/studyDefinition/{id}/require' },
  languages: { right: 'LanguageGetAllCmd', route: 'GET Language?studyDefinitionId=' },
} as const satisfies Record<string, { right: RightName; route: string }>;

export type ContextInclude = keyof typeof PARTS;

const NAMES = Object.keys(PARTS) as ContextInclude[];
const NAME = `(${NAMES.join('|')})`;

export const ContextIncludeQuery = Type.String({
  pattern: `^${NAME}(,${NAME})*$`,
  description: `comma list of the parts to send with each context: ${NAMES.map((name) => `${name} (as ${PARTS[name].route})`).join(', ')}; elearningRequirement and languages come once per study definition, with its first context`,
});

const forbiddenAs = (name: ContextInclude) => ({ description: `as ${PARTS[name].route}; null without ${PARTS[name].right}` });

export const ContextIncludedSchema = Type.Object(
  {
    dataQueries: Type.Optional(Type.Union([Type.Array(DataQueryRef), Type.Null()], forbiddenAs('dataQueries'))),
    questionnaireInterviews: Type.Optional(Type.Union([Type.Array(InterviewSchema), Type.Null()], forbiddenAs('questionnaireInterviews'))),
    elearningRequirement: Type.Optional(Type.Union([ElearningRequireSchema, Type.Null()], forbiddenAs('elearningRequirement'))),
    languages: Type.Optional(Type.Union([Type.Array(LanguageSchema), Type.Null()], forbiddenAs('languages'))),
  },
  { description: 'the parts asked for with include=' },
);

export const parseIncludes = (text: string | undefined): ContextInclude[] =>
  NAMES.filter((name) => text?.split(',').includes(name) ?? false);

/** Parts about the study definition rather than the patient: sent once per definition in an answer. */
const PER_DEFINITION: readonly ContextInclude[] = ['elearningRequirement', 'languages'];

/** The included parts of one patient whose context the caller may read. */
async function includedOf(
  db: Kysely<DB>,
  caller: CurrentUser,
  patient: { id: string; studyDefinitionId: string },
  includes: readonly ContextInclude[],
  now: Date,
) {
  const part = <T>(name: ContextInclude, load: () => Promise<T>): Promise<T | null> | undefined =>
    includes.includes(name) ? (hasRight(caller.rights, PARTS[name].right) ? load() : Promise.resolve(null)) : undefined;
  const [dataQueries, questionnaireInterviews, elearning, languages] = await Promise.all([
    part('dataQueries', () => readableQueries(db, caller, { studyPatientId: patient.id }, registryToday(now))),
    part('questionnaireInterviews', () => interviewsOfStudyPatients(db, [patient.id], now)),
    part('elearningRequirement', () => elearningRequirement(db, caller, patient.studyDefinitionId)),
    part('languages', () => findLanguages(db, { studyDefinitionId: patient.studyDefinitionId })),
  ]);
  return {
    ...(dataQueries !== undefined && { dataQueries }),
    ...(questionnaireInterviews !== undefined && { questionnaireInterviews }),
    ...(elearning !== undefined && { elearningRequirement: elearning }),
    ...(languages !== undefined && { languages }),
  };
}

/**
 * The contexts, each with the parts `includes` names. The parts about the study definition (e-learning
 * requirement, languages) come with the first context of each definition only: a batch of 50 patients of one
 * definition carries them once.
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
  const partsOf = contexts.map((context) => {
    const first = !definitionsSent.has(context.studyDefinitionId);
    definitionsSent.add(context.studyDefinitionId);
    return first ? includes : includes.filter((name) => !PER_DEFINITION.includes(name));
  });
  return Promise.all(
    contexts.map(async (context, index) => ({ ...context, included: await includedOf(db, caller, context, partsOf[index] ?? [], now) })),
  );
}
