/**
 * Languages of a study definition: entries (scope, displayKey, displayValue) that give the display value
 * of every key in one language (ecrf-core.md §3 Language). Audited with the entries that changed.
 */
import type { Kysely } from 'kysely';
import { audit, type AuditActor } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import { EcrfError, notFound } from '../errors/errors.js';
import type { LanguageEntryRow } from '../db/json-columns.js';
import { findLanguageRows, insertLanguage, languageTaken, liveDefinitionExists, updateLanguageRow } from './languages.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

export type LanguageDto = { id: string; identifier: string; studyDefinitionId: string; entries: LanguageEntryRow[]; isDeleted: boolean };

const sortEntries = (entries: readonly LanguageEntryRow[]): LanguageEntryRow[] =>
  [...entries].sort((a, b) => a.scope.localeCompare(b.scope) || a.displayKey.localeCompare(b.displayKey));

/** The entries of `next` that differ from `previous`, and what they were. */
function changedEntries(
  previous: readonly LanguageEntryRow[],
  next: readonly LanguageEntryRow[],
): { before: LanguageEntryRow[]; after: LanguageEntryRow[] } {
  const old = new Map(previous.map((e) => [e.displayKey, e]));
  const now = new Map(next.map((e) => [e.displayKey, e]));
  const after = next.filter((e) => old.get(e.displayKey)?.displayValue !== e.displayValue || old.get(e.displayKey)?.scope !== e.scope);
  const before = previous.filter((e) => !now.has(e.displayKey) || after.some((a) => a.displayKey === e.displayKey));
  return { before, after };
}

export async function findLanguages(
  db: Kysely<DB>,
  filter: { id?: string; studyDefinitionId?: string; includeDeleted?: boolean },
): Promise<LanguageDto[]> {
  const rows = await findLanguageRows(db, filter);
  return rows.map((r) => ({
    id: r.id,
    identifier: r.identifier,
    studyDefinitionId: r.study_definition_id,
    entries: sortEntries(r.entries),
    isDeleted: r.is_deleted,
  }));
}

/** The display texts of a definition by display key: German when it has a German language, else its first one. */
export async function displayTextsOf(db: Kysely<DB>, studyDefinitionId: string): Promise<Map<string, string>> {
  const languages = await findLanguageRows(db, { studyDefinitionId });
  const language = languages.find((l) => l.identifier === 'de') ?? languages[0];
  return new Map((language?.entries ?? []).map((e) => [e.displayKey, e.displayValue]));
}

export async function findLanguage(db: Kysely<DB>, id: string): Promise<LanguageDto> {
  const [language] = await findLanguages(db, { id, includeDeleted: true });
  if (!language) throw notFound('language');
  return language;
}

function checkUnique(entries: readonly LanguageEntryRow[]): void {
  const keys = new Set<string>();
  for (const entry of entries) {
    if (keys.has(entry.displayKey)) throw new EcrfError('ECRF_ERR_VALIDATION', CONFLICT_MESSAGES.displayKeyTwice(entry.displayKey));
    keys.add(entry.displayKey);
  }
}

export async function createLanguage(
  trx: Kysely<DB>,
  input: { identifier: string; studyDefinitionId: string; entries: LanguageEntryRow[] },
  actor: AuditActor,
  reason: string | null = null,
): Promise<string> {
  checkUnique(input.entries);
  if (!(await liveDefinitionExists(trx, input.studyDefinitionId))) throw notFound('study definition');
  if (await languageTaken(trx, input.studyDefinitionId, input.identifier))
    throw new EcrfError('ECRF_ERR_CONFLICT', CONFLICT_MESSAGES.languageExists(input.identifier));
  const entries = sortEntries(input.entries);
  const id = await insertLanguage(trx, {
    identifier: input.identifier,
    study_definition_id: input.studyDefinitionId,
    entries: JSON.stringify(entries),
  });
  await audit(trx, {
    actor,
    tableName: 'language',
    recordId: id,
    operation: 'Create',
    reason,
    newValue: { identifier: input.identifier, studyDefinitionId: input.studyDefinitionId, entries },
  });
  return id;
}

export async function updateLanguage(
  trx: Kysely<DB>,
  id: string,
  entries: LanguageEntryRow[],
  actor: AuditActor,
  reason: string | null = null,
): Promise<void> {
  checkUnique(entries);
  const current = await findLanguage(trx, id);
  if (current.isDeleted) throw notFound('language');
  const next = sortEntries(entries);
  const { before, after } = changedEntries(current.entries, next);
  if (before.length === 0 && after.length === 0) return;
  await updateLanguageRow(trx, id, { entries: JSON.stringify(next) });
  await audit(trx, {
    actor,
    tableName: 'language',
    recordId: id,
    operation: 'Update',
    reason,
    oldValue: { identifier: current.identifier, entries: before },
    newValue: { identifier: current.identifier, entries: after },
  });
}

export async function deleteLanguage(trx: Kysely<DB>, id: string, actor: AuditActor): Promise<void> {
  const current = await findLanguage(trx, id);
  if (current.isDeleted) throw notFound('language');
  await updateLanguageRow(trx, id, { is_deleted: true });
  await audit(trx, {
    actor,
    tableName: 'language',
    recordId: id,
    operation: 'Delete',
    oldValue: { identifier: current.identifier, isDeleted: false },
    newValue: { identifier: current.identifier, isDeleted: true },
  });
}

/**
 * Brings the languages of a definition up to the labels of a loaded document: keys of the document get its
 * display values, keys only the database has (added through the API) are kept.
 */
export async function mergeLanguageEntries(
  trx: Kysely<DB>,
  studyDefinitionId: string,
  languages: readonly { identifier: string; entries: LanguageEntryRow[] }[],
  actor: AuditActor,
  reason: string | null,
): Promise<void> {
  const existing = await findLanguages(trx, { studyDefinitionId });
  for (const language of languages) {
    const current = existing.find((l) => l.identifier === language.identifier);
    if (!current) {
      await createLanguage(trx, { identifier: language.identifier, studyDefinitionId, entries: language.entries }, actor, reason);
      continue;
    }
    const fromDocument = new Map(language.entries.map((e) => [e.displayKey, e]));
    await updateLanguage(
      trx,
      current.id,
      [...current.entries.filter((e) => !fromDocument.has(e.displayKey)), ...language.entries],
      actor,
      reason,
    );
  }
}
