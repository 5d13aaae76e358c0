/** The queries of the languages of study definitions (entries stored as one jsonb array per language). */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, LanguageTable } from '../__generated__/database.js';

export async function findLanguageRows(db: Kysely<DB>, filter: { id?: string; studyDefinitionId?: string; includeDeleted?: boolean }) {
  let query = db.selectFrom('language').selectAll().orderBy('identifier');
  if (filter.id) query = query.where('id', '=', filter.id);
  if (filter.studyDefinitionId) query = query.where('study_definition_id', '=', filter.studyDefinitionId);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  return query.execute();
}

/** The identifiers of the languages (not deleted) of each definition, alphabetically. */
export async function languageIdentifiersOf(
  db: Kysely<DB>,
  definitionIds: string[],
): Promise<{ study_definition_id: string; identifier: string }[]> {
  if (definitionIds.length === 0) return [];
  return db
    .selectFrom('language')
    .select(['study_definition_id', 'identifier'])
    .where('study_definition_id', 'in', definitionIds)
    .where('is_deleted', '=', false)
    .orderBy('identifier')
    .execute();
}

/** Whether the definition has a language (not deleted) with the identifier. */
export async function languageTaken(db: Kysely<DB>, studyDefinitionId: string, identifier: string): Promise<boolean> {
  const clash = await db
    .selectFrom('language')
    .select('id')
    .where('study_definition_id', '=', studyDefinitionId)
    .where('identifier', '=', identifier)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return clash !== undefined;
}

export async function insertLanguage(db: Kysely<DB>, language: Insertable<LanguageTable>): Promise<string> {
  const row = await db.insertInto('language').values(language).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLanguageRow(db: Kysely<DB>, id: string, set: Updateable<LanguageTable>): Promise<void> {
  await db.updateTable('language').set(set).where('id', '=', id).execute();
}

/** Whether the study definition a language belongs to exists and is not deleted. */
export async function liveDefinitionExists(db: Kysely<DB>, studyDefinitionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('study_definition')
    .select('id')
    .where('id', '=', studyDefinitionId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}
