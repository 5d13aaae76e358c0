/** The queries of study definitions and their versions (append-only: a loaded version never changes). */
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, StudyDefinitionTable, StudyDefinitionVersionTable } from '../__generated__/database.js';

/** Arbitrary constant key of the advisory lock that serialises loading the shipped definition files. */
const DEFINITION_SEED_LOCK_KEY = 4_100_010;

export type DefinitionRow = {
  id: string;
  identifier: string;
  display_name: string;
  study_id: string;
  current_version: number;
  is_deleted: boolean;
};

/** Definitions by identifier: all, or those with the ids; deleted ones only when asked. */
export async function findDefinitionRows(
  db: Kysely<DB>,
  filter: { ids?: string[]; includeDeleted?: boolean } = {},
): Promise<DefinitionRow[]> {
  if (filter.ids?.length === 0) return [];
  let query = db
    .selectFrom('study_definition')
    .select(['id', 'identifier', 'display_name', 'study_id', 'current_version', 'is_deleted'])
    .orderBy('identifier');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  return query.execute();
}

/** One definition, deleted or not. */
export async function findDefinitionRow(db: Kysely<DB>, id: string): Promise<DefinitionRow | undefined> {
  return db
    .selectFrom('study_definition')
    .select(['id', 'identifier', 'display_name', 'study_id', 'current_version', 'is_deleted'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The definition that is not deleted with the identifier (identifiers are unique among those). */
export async function findLiveDefinition(db: Kysely<DB>, identifier: string) {
  return db
    .selectFrom('study_definition')
    .select(['id', 'current_version'])
    .where('identifier', '=', identifier)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

/** The current definition of a study (new patients are documented under it): the oldest one not deleted. */
export async function currentDefinitionOf(db: Kysely<DB>, studyId: string): Promise<{ id: string; version: number } | undefined> {
  const row = await db
    .selectFrom('study_definition')
    .select(['id', 'current_version'])
    .where('study_id', '=', studyId)
    .where('is_deleted', '=', false)
    .orderBy('created_at')
    .executeTakeFirst();
  return row ? { id: row.id, version: row.current_version } : undefined;
}

export async function anyDefinitionExists(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('study_definition').select('id').executeTakeFirst()) !== undefined;
}

export async function insertDefinition(db: Kysely<DB>, definition: Insertable<StudyDefinitionTable>): Promise<string> {
  const row = await db.insertInto('study_definition').values(definition).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDefinitionRow(db: Kysely<DB>, id: string, set: Updateable<StudyDefinitionTable>): Promise<void> {
  await db.updateTable('study_definition').set(set).where('id', '=', id).execute();
}

export async function insertDefinitionVersion(db: Kysely<DB>, version: Insertable<StudyDefinitionVersionTable>): Promise<void> {
  await db.insertInto('study_definition_version').values(version).execute();
}

/** One stored version of a definition: the compiled model and the checksum of its document. */
export async function findDefinitionVersion(db: Kysely<DB>, id: string, version: number) {
  return db
    .selectFrom('study_definition_version')
    .select(['version', 'definition', 'checksum'])
    .where('study_definition_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The version numbers of each definition, ascending. */
export async function versionsOf(db: Kysely<DB>, ids: string[]): Promise<Map<string, number[]>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('study_definition_version')
          .select(['study_definition_id', 'version'])
          .where('study_definition_id', 'in', ids)
          .orderBy('version')
          .execute();
  const map = new Map<string, number[]>();
  for (const row of rows) map.set(row.study_definition_id, [...(map.get(row.study_definition_id) ?? []), row.version]);
  return map;
}

/** Takes the transaction-scoped lock under which the shipped definition files are loaded. */
export async function lockDefinitionLoading(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${DEFINITION_SEED_LOCK_KEY})`.execute(trx);
}
