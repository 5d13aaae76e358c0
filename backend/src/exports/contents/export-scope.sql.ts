/**
 * The rows every export kind starts from (ecrf-calls.md §7 "Exports"): the study's patients that are not
 * deleted, at the locations of the scope, with their location; the study's definitions with their texts;
 * and the count and stream of a query, so each table counts exactly what it streams.
 */
import { indexStudyDefinition, type DefinitionIndex } from '@ecrf/rules';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../__generated__/database.js';
import { displayTextsOf } from '../../languages/languages.service.js';
import { findDefinitionModel } from '../../study-definitions/study-definitions.service.js';
import type { ExportColumn, ExportRow, ExportScope, ExportTable } from '../../export-content/export-content.js';

/** Rows streamed per round trip (a cursor on PostgreSQL). */
export const STREAM_CHUNK = 500;

/** The study's patients in scope: `sp` (study patient), `p` (patient), `si` (location), `inst` (its institute). */
export function scopedStudyPatients(db: Kysely<DB>, scope: ExportScope) {
  const query = db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id')
    .innerJoin('institute as inst', 'inst.id', 'si.institute_id')
    .where('sp.study_id', '=', scope.studyId)
    .where('sp.is_deleted', '=', false)
    .where('p.is_deleted', '=', false);
  return inLocations(query, 'sp.study_institute_id', scope.locationIds);
}

/** The study's locations (not deleted) in scope: `si` and its institute `inst`. */
export function scopedLocations(db: Kysely<DB>, scope: ExportScope) {
  const query = db
    .selectFrom('study_institute as si')
    .innerJoin('institute as inst', 'inst.id', 'si.institute_id')
    .where('si.study_id', '=', scope.studyId)
    .where('si.is_deleted', '=', false);
  return inLocations(query, 'si.id', scope.locationIds);
}

function inLocations<Q extends SelectQueryBuilder<DB & Record<string, unknown>, never, object>>(
  query: Q,
  column: 'sp.study_institute_id' | 'si.id',
  locationIds: readonly string[] | null,
): Q {
  if (locationIds === null) return query;
  if (locationIds.length === 0) return query.where(sql<boolean>`false`) as Q;
  return query.where(sql.ref(column), 'in', [...locationIds]) as Q;
}

/** The number of rows a query yields (its selections and order replaced by a count). */
export async function countRows(query: SelectQueryBuilder<DB, never, object>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A table whose rows are a query's rows streamed and mapped one by one. */
export function streamedTable<R>(table: {
  name: string;
  columns: readonly ExportColumn[];
  count: () => Promise<number>;
  stream: () => AsyncIterable<R>;
  row: (record: R) => ExportRow | Promise<ExportRow>;
}): ExportTable {
  return {
    name: table.name,
    columns: table.columns,
    count: table.count,
    rows: async function* () {
      for await (const record of table.stream()) yield await table.row(record);
    },
  };
}

/** A study definition as the exports read it: its current version, indexed, with its display texts. */
export type ExportDefinition = {
  id: string;
  identifier: string;
  version: number;
  index: DefinitionIndex;
  texts: ReadonlyMap<string, string>;
};

/** The study's definitions that are not deleted, at their current version (which keeps every earlier field). */
export async function studyDefinitions(db: Kysely<DB>, studyId: string): Promise<ExportDefinition[]> {
  const rows = await db
    .selectFrom('study_definition')
    .select(['id', 'identifier', 'current_version'])
    .where('study_id', '=', studyId)
    .where('is_deleted', '=', false)
    .orderBy('created_at')
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const { model } = await findDefinitionModel(db, row.id, row.current_version);
      return {
        id: row.id,
        identifier: row.identifier,
        version: row.current_version,
        index: indexStudyDefinition(model),
        texts: await displayTextsOf(db, row.id),
      };
    }),
  );
}

/** The display text of a key, or the key itself when no language has it. */
export function textOf(definition: ExportDefinition, displayKey: string): string {
  return definition.texts.get(displayKey) ?? displayKey;
}
