/**
 * Generic export definitions (ecrf-calls.md §7 "Exports": Generic export): create, update, delete and
 * duplicate, each checked with the rules of @ecrf/rules (exportDefinitionErrors) against the study's data
 * provider items, versioned (a stale update is refused with 409) and audited with old and new values in
 * its transaction. Scheduled runs run for the user who saved the definition last.
 */
import {
  exportDefinitionCopyName,
  exportDefinitionErrors,
  normalizeCronExpression,
  type DisplayTexts,
  type ExportDefinitionFormat,
  type StudyDefinition,
} from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit, actorOf } from '../audit/audit.service.js';
import { invalidFields, notFound, staleWrite } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { findLanguageRows } from '../languages/languages.sql.js';
import { findStudies } from '../studies/studies.sql.js';
import { findDefinitionModel } from '../study-definitions/study-definitions.service.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { dataProviderCatalogue, type CatalogueItem } from './data-provider-items.js';
import { findGenericExport, insertGenericExport, updateGenericExport, type GenericExportRow } from './generic-exports.sql.js';

/** The language of the item labels: the registry's UI language. */
const LABEL_LANGUAGE = 'de';

export type GenericExportInput = {
  name: string;
  description?: string | null;
  items: string[];
  outputFormat: ExportDefinitionFormat;
  cron?: string | null;
};

export type GenericExportDto = {
  id: string;
  studyId: string;
  name: string;
  description: string;
  items: string[];
  outputFormat: ExportDefinitionFormat;
  cron: string | null;
  version: number;
  isDeleted: boolean;
  createdAt: string;
  createdBy: string;
  changedAt: string;
  changedBy: string;
};

export const genericExportDto = (row: GenericExportRow): GenericExportDto => ({
  id: row.id,
  studyId: row.study_id,
  name: row.name,
  description: row.description,
  items: row.items,
  outputFormat: row.output_format as ExportDefinitionFormat,
  cron: row.cron,
  version: row.version,
  isDeleted: row.is_deleted,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  changedAt: row.changed_at.toISOString(),
  changedBy: row.changed_by,
});

/** The study's data provider items from its current definition, labelled in German; none without a definition. */
export async function studyCatalogue(db: Kysely<DB>, studyId: string): Promise<{ items: CatalogueItem[]; model: StudyDefinition | null }> {
  const current = await currentDefinitionOf(db, studyId);
  if (!current) return { items: [], model: null };
  const { model } = await findDefinitionModel(db, current.id, current.version);
  const language = (await findLanguageRows(db, { studyDefinitionId: current.id })).find((l) => l.identifier === LABEL_LANGUAGE);
  const texts: DisplayTexts = Object.fromEntries((language?.entries ?? []).map((e) => [e.displayKey, e.displayValue]));
  return { items: dataProviderCatalogue(model, texts), model };
}

export async function assertStudy(db: Kysely<DB>, studyId: string): Promise<void> {
  if ((await findStudies(db, { id: studyId })).length === 0) throw notFound('study');
}

export async function getGenericExport(db: Kysely<DB>, id: string): Promise<GenericExportRow> {
  const row = await findGenericExport(db, id);
  if (!row) throw notFound('generic export definition');
  return row;
}

/** The input as stored: trimmed name and description, the cron expression normalised (blank: no schedule). */
async function checkedInput(db: Kysely<DB>, studyId: string, input: GenericExportInput) {
  const known = new Set((await studyCatalogue(db, studyId)).items.map((item) => item.key));
  const errors = exportDefinitionErrors(input, known);
  if (errors.length > 0) throw invalidFields(errors);
  return {
    name: input.name.trim(),
    description: (input.description ?? '').trim(),
    items: JSON.stringify(input.items),
    output_format: input.outputFormat,
    cron: normalizeCronExpression(input.cron),
  };
}

const auditOf = (caller: CurrentUser, recordId: string) => ({
  actor: actorOf(caller),
  tableName: 'generic_export_definition',
  recordId,
});

export async function createGenericExport(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyId: string,
  input: GenericExportInput,
): Promise<GenericExportDto> {
  await assertStudy(db, studyId);
  const values = await checkedInput(db, studyId, input);
  return db.transaction().execute(async (trx) => {
    const created = genericExportDto(
      await insertGenericExport(trx, {
        ...values,
        study_id: studyId,
        created_by_id: caller.id,
        created_by: caller.userName,
        changed_by_id: caller.id,
        changed_by: caller.userName,
      }),
    );
    await audit(trx, { ...auditOf(caller, created.id), operation: 'Create', newValue: created });
    return created;
  });
}

export async function updateGenericExportDefinition(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: GenericExportInput & { version: number },
  now: Date,
): Promise<GenericExportDto> {
  const stored = await getGenericExport(db, id);
  if (stored.is_deleted) throw notFound('generic export definition');
  if (stored.version !== input.version) throw staleWrite(genericExportDto(stored));
  const values = await checkedInput(db, stored.study_id, input);
  return db.transaction().execute(async (trx) => {
    const updated = await updateGenericExport(trx, id, input.version, {
      ...values,
      changed_at: now,
      changed_by_id: caller.id,
      changed_by: caller.userName,
    });
    if (!updated) throw staleWrite(genericExportDto(await getGenericExport(trx, id)));
    const dto = genericExportDto(updated);
    await audit(trx, { ...auditOf(caller, id), operation: 'Update', oldValue: genericExportDto(stored), newValue: dto });
    return dto;
  });
}

/** Deletes softly: the files of earlier runs keep naming their definition. */
export async function deleteGenericExport(db: Kysely<DB>, caller: CurrentUser, id: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const stored = await getGenericExport(trx, id);
    if (stored.is_deleted) throw notFound('generic export definition');
    const deleted = await updateGenericExport(trx, id, stored.version, {
      is_deleted: true,
      changed_at: now,
      changed_by_id: caller.id,
      changed_by: caller.userName,
    });
    if (!deleted) throw staleWrite(genericExportDto(await getGenericExport(trx, id)));
    await audit(trx, {
      ...auditOf(caller, id),
      operation: 'Delete',
      oldValue: genericExportDto(stored),
      newValue: genericExportDto(deleted),
    });
  });
}

export async function duplicateGenericExport(db: Kysely<DB>, caller: CurrentUser, id: string): Promise<GenericExportDto> {
  const source = await getGenericExport(db, id);
  if (source.is_deleted) throw notFound('generic export definition');
  return createGenericExport(db, caller, source.study_id, {
    name: exportDefinitionCopyName(source.name),
    description: source.description,
    items: source.items,
    outputFormat: source.output_format as ExportDefinitionFormat,
    // A copy starts unscheduled, so duplicating a scheduled export does not run the same file twice.
    cron: null,
  });
}
