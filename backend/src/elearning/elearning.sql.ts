/** The queries of the e-learning (ecrf-calls.md §7 "E-learning"). */
import type { ElearningAnswer, ElearningQuestion } from '@ecrf/rules';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ElearningDefinitionTable, ElearningResultTable } from '../__generated__/database.js';

export type DefinitionRow = Selectable<ElearningDefinitionTable>;
export type ResultRow = Selectable<ElearningResultTable>;

export async function findDefinitionOf(db: Kysely<DB>, studyDefinitionId: string): Promise<DefinitionRow | undefined> {
  return db.selectFrom('elearning_definition').selectAll().where('study_definition_id', '=', studyDefinitionId).executeTakeFirst();
}

export async function findDefinition(db: Kysely<DB>, id: string): Promise<DefinitionRow | undefined> {
  return db.selectFrom('elearning_definition').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDefinition(
  db: Kysely<DB>,
  row: { studyDefinitionId: string; title: string; introduction: string; questions: ElearningQuestion[]; passThreshold: number },
): Promise<DefinitionRow> {
  return db
    .insertInto('elearning_definition')
    .values({
      study_definition_id: row.studyDefinitionId,
      title: row.title,
      introduction: row.introduction,
      questions: JSON.stringify(row.questions),
      pass_threshold: row.passThreshold,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The caller's latest attempt, or their latest passed one when they have passed (a pass is not lost by a later attempt). */
export async function findResultOf(db: Kysely<DB>, definitionId: string, userId: string): Promise<ResultRow | undefined> {
  return db
    .selectFrom('elearning_result')
    .selectAll()
    .where('elearning_definition_id', '=', definitionId)
    .where('user_id', '=', userId)
    .orderBy('passed', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function insertResult(
  db: Kysely<DB>,
  row: Omit<Insertable<ElearningResultTable>, 'answers'> & { answers: ElearningAnswer[] },
): Promise<ResultRow> {
  return db
    .insertInto('elearning_result')
    .values({ ...row, answers: JSON.stringify(row.answers) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether users of the role must pass the e-learning of the study definition before documenting in it. */
export async function isRequired(db: Kysely<DB>, studyDefinitionId: string, roleId: string): Promise<boolean> {
  const row = await db
    .selectFrom('elearning_requirement as r')
    .innerJoin('elearning_definition as d', 'd.study_definition_id', 'r.study_definition_id')
    .select('r.role_id')
    .where('r.study_definition_id', '=', studyDefinitionId)
    .where('r.role_id', '=', roleId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasPassed(db: Kysely<DB>, studyDefinitionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('elearning_result as r')
    .innerJoin('elearning_definition as d', 'd.id', 'r.elearning_definition_id')
    .select('r.id')
    .where('d.study_definition_id', '=', studyDefinitionId)
    .where('r.user_id', '=', userId)
    .where('r.passed', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRequirements(db: Kysely<DB>, studyDefinitionId: string, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insertInto('elearning_requirement')
    .values(roleIds.map((role_id) => ({ study_definition_id: studyDefinitionId, role_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
