/**
 * Storing and reading study definitions and their versions (ecrf-calls.md §7 "StudyDefinition: generic
 * CRUD"; docs/definitions.md). Creating or updating takes a definition document, which the loader checks;
 * an update adds a version after the compatibility check, so data entered under an earlier version stays
 * readable with it. Every write is audited in the same transaction.
 */
import { createHash } from 'node:crypto';
import { sortedEnumValues, type StudyDefinition } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { AuditActor } from '../audit/audit.service.js';
import { audit } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { EcrfError, notFound } from '../errors/errors.js';
import { DefinitionFileError, type DefinitionProblem } from './format/compile-context.js';
import { compileDefinition, type CompiledDefinition } from './format/compile-definition.js';
import { compatibilityProblems } from './format/definition-compatibility.js';
import type { StudyDefinitionDto, StudyDefinitionSummaryDto } from './study-definitions.schemas.js';
import { mergeLanguageEntries } from '../languages/languages.service.js';
import { languageIdentifiersOf } from '../languages/languages.sql.js';
import { studyIdOf } from '../studies/studies.sql.js';
import {
  findDefinitionRow,
  findDefinitionRows,
  findDefinitionVersion,
  findLiveDefinition,
  insertDefinition,
  insertDefinitionVersion,
  updateDefinitionRow,
  versionsOf,
  type DefinitionRow,
} from './study-definitions.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

export function invalidDefinition(problems: readonly DefinitionProblem[], message = 'the study definition has problems'): EcrfError {
  return new EcrfError('ECRF_ERR_VALIDATION', message, { messages: problems.map((p) => `${p.place}: ${p.message}`) });
}

/** Compiles a document from the API; problems become a 400 answer listing each place. */
export function compileForApi(document: unknown): CompiledDefinition {
  try {
    return compileDefinition(document);
  } catch (error) {
    if (error instanceof DefinitionFileError) throw invalidDefinition(error.problems);
    throw error;
  }
}

export const checksumOf = (document: unknown): string => createHash('sha256').update(JSON.stringify(document)).digest('hex');

async function loadRow(db: Kysely<DB>, id: string): Promise<DefinitionRow> {
  const row = await findDefinitionRow(db, id);
  if (!row) throw notFound('study definition');
  return row;
}

async function loadVersion(db: Kysely<DB>, id: string, version: number) {
  const stored = await findDefinitionVersion(db, id, version);
  if (!stored) throw notFound('study definition version');
  return stored;
}

export async function createDefinition(
  trx: Kysely<DB>,
  compiled: CompiledDefinition,
  document: unknown,
  actor: AuditActor,
  reason: string | null = null,
): Promise<string> {
  const studyId = await studyIdOf(trx, compiled.study, { includeDeleted: false });
  if (!studyId) throw invalidDefinition([{ place: 'study', message: `study '${compiled.study}' does not exist` }]);
  if (await findLiveDefinition(trx, compiled.identifier))
    throw new EcrfError('ECRF_ERR_CONFLICT', CONFLICT_MESSAGES.studyDefinitionExists(compiled.identifier));
  const id = await insertDefinition(trx, {
    study_id: studyId,
    identifier: compiled.identifier,
    display_name: compiled.displayName,
    current_version: compiled.version,
  });
  const checksum = checksumOf(document);
  await insertDefinitionVersion(trx, {
    study_definition_id: id,
    version: compiled.version,
    document: JSON.stringify(document),
    definition: JSON.stringify(compiled.definition),
    checksum,
    created_by: actor.userName,
  });
  await audit(trx, {
    actor,
    tableName: 'study_definition',
    recordId: id,
    operation: 'Create',
    reason,
    newValue: {
      identifier: compiled.identifier,
      displayName: compiled.displayName,
      studyId,
      version: compiled.version,
      checksum,
    },
  });
  await mergeLanguageEntries(trx, id, compiled.languages, actor, reason);
  return id;
}

export async function addDefinitionVersion(
  trx: Kysely<DB>,
  id: string,
  compiled: CompiledDefinition,
  document: unknown,
  actor: AuditActor,
  reason: string | null = null,
): Promise<void> {
  const row = await loadRow(trx, id);
  if (row.is_deleted) throw notFound('study definition');
  if (compiled.identifier !== row.identifier) throw invalidDefinition([{ place: 'identifier', message: `must stay '${row.identifier}'` }]);
  const previous = await loadVersion(trx, id, row.current_version);
  const problems = compatibilityProblems({ version: previous.version, definition: previous.definition as StudyDefinition }, compiled);
  if (problems.length > 0)
    throw invalidDefinition(problems, `version ${compiled.version} would break data entered under version ${previous.version}`);
  const checksum = checksumOf(document);
  await insertDefinitionVersion(trx, {
    study_definition_id: id,
    version: compiled.version,
    document: JSON.stringify(document),
    definition: JSON.stringify(compiled.definition),
    checksum,
    created_by: actor.userName,
  });
  await updateDefinitionRow(trx, id, { current_version: compiled.version, display_name: compiled.displayName, updated_at: new Date() });
  await audit(trx, {
    actor,
    tableName: 'study_definition',
    recordId: id,
    operation: 'Update',
    reason,
    oldValue: { displayName: row.display_name, version: previous.version, checksum: previous.checksum },
    newValue: { displayName: compiled.displayName, version: compiled.version, checksum },
  });
  await mergeLanguageEntries(trx, id, compiled.languages, actor, reason);
}

export async function deleteDefinition(trx: Kysely<DB>, id: string, actor: AuditActor): Promise<void> {
  const row = await loadRow(trx, id);
  if (row.is_deleted) throw notFound('study definition');
  await updateDefinitionRow(trx, id, { is_deleted: true, updated_at: new Date() });
  await audit(trx, {
    actor,
    tableName: 'study_definition',
    recordId: id,
    operation: 'Delete',
    oldValue: { identifier: row.identifier, isDeleted: false },
    newValue: { identifier: row.identifier, isDeleted: true },
  });
}

export async function findDefinitionSummaries(
  db: Kysely<DB>,
  filter: { ids?: string[]; includeDeleted?: boolean } = {},
): Promise<StudyDefinitionSummaryDto[]> {
  const rows = await findDefinitionRows(db, filter);
  const ids = rows.map((r) => r.id);
  const versions = await versionsOf(db, ids);
  const languages = await languageIdentifiersOf(db, ids);
  return rows.map((r) => ({
    id: r.id,
    identifier: r.identifier,
    displayName: r.display_name,
    studyId: r.study_id,
    currentVersion: r.current_version,
    versions: versions.get(r.id) ?? [],
    isDeleted: r.is_deleted,
    languages: languages.filter((l) => l.study_definition_id === r.id).map((l) => l.identifier),
  }));
}

export type DefinitionMeta = {
  id: string;
  identifier: string;
  displayName: string;
  studyId: string;
  version: number;
  currentVersion: number;
  versions: number[];
  isDeleted: boolean;
};

/** The model of @ecrf/rules in the given version (default: the current one), with what the database knows of it. */
export async function findDefinitionModel(
  db: Kysely<DB>,
  id: string,
  version?: number,
): Promise<{ meta: DefinitionMeta; model: StudyDefinition }> {
  const row = await loadRow(db, id);
  const wanted = version ?? row.current_version;
  const stored = await loadVersion(db, id, wanted);
  return {
    model: stored.definition as StudyDefinition,
    meta: {
      id: row.id,
      identifier: row.identifier,
      displayName: row.display_name,
      studyId: row.study_id,
      version: wanted,
      currentVersion: row.current_version,
      versions: (await versionsOf(db, [id])).get(id) ?? [],
      isDeleted: row.is_deleted,
    },
  };
}

/** A definition as the API shows it, enum values sorted by order (ecrf-core.md §3). */
export async function findDefinition(db: Kysely<DB>, id: string, version?: number): Promise<StudyDefinitionDto> {
  const { meta, model } = await findDefinitionModel(db, id, version);
  // The stored model was checked by the loader; its shape is the schema's (readonly arrays aside).
  return {
    ...model,
    ...meta,
    enumValueSets: model.enumValueSets.map((set) => ({ ...set, values: sortedEnumValues(set) })),
  } as StudyDefinitionDto;
}
