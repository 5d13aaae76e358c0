/**
 * The study definition a patient's data was entered under, indexed for the rule engine. Versions are
 * append-only (docs/definitions.md "Ids and versions"), so an indexed version never goes stale.
 */
import { indexStudyDefinition, type DataFieldDefinition, type DefinitionIndex } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { findDefinitionModel } from '../study-definitions/study-definitions.service.js';

const cache = new Map<string, DefinitionIndex>();

export async function definitionIndex(db: Kysely<DB>, definitionId: string, version: number): Promise<DefinitionIndex> {
  const key = `${definitionId}@${version}`;
  const known = cache.get(key);
  if (known) return known;
  const { model } = await findDefinitionModel(db, definitionId, version);
  const index = indexStudyDefinition(model);
  cache.set(key, index);
  return index;
}

/** Ids of the field definitions with an identifier, anywhere in the definition. */
export function fieldDefinitionIds(index: DefinitionIndex, identifier: string): string[] {
  return [...index.fieldById.values()].filter((f: DataFieldDefinition) => f.identifier === identifier).map((f) => f.id);
}
