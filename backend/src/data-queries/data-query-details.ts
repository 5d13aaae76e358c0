/**
 * What the query screens show beside a query (issue 26): its field and form by their German names in the definition,
 * and the people of its thread by their display names. One answer for a page of queries: two SQL queries for any number.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { displayTextsOf } from '../languages/languages.service.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import type { DataQueryRow } from './data-queries.sql.js';

export type DataQueryDetails = {
  id: string;
  fieldLabel: string | null;
  formLabel: string | null;
  people: { userName: string; displayName: string }[];
};

/** The definitions of each query's form and field: a field is found by its id in the form it lies in (instrument, visit or patient). */
async function targetDefinitions(db: Kysely<DB>, ids: readonly string[]) {
  return db
    .selectFrom('data_query as q')
    .leftJoin('instrument as i', 'i.id', 'q.instrument_id')
    .leftJoin('visit as v', 'v.id', 'q.visit_id')
    .leftJoin('study_patient as p', 'p.id', 'q.study_patient_id')
    .where('q.id', 'in', [...ids])
    .select(['q.id', 'i.definition_id as instrument_definition_id', 'v.definition_id as visit_definition_id'])
    .select(
      sql<string | null>`case when q.data_field_id is null then null else jsonb_path_query_first(
        coalesce(i.fields, v.fields, p.fields), '$.** ? (@.id == $id).definitionId', jsonb_build_object('id', q.data_field_id::text)
      ) #>> '{}' end`.as('field_definition_id'),
    )
    .execute();
}

/** Who raised or acted on each query, by display name (users deleted from the table are left out: they keep their user name). */
async function threadPeople(db: Kysely<DB>, ids: readonly string[]) {
  return db
    .selectFrom('data_query_action as a')
    .innerJoin('app_user as u', 'u.user_name', 'a.user_name')
    .where('a.data_query_id', 'in', [...ids])
    .select(['a.data_query_id', 'u.user_name', 'u.display_name'])
    .distinct()
    .execute();
}

/** The details of queries the caller may read (the rows come from readableRows). */
export async function dataQueryDetails(db: Kysely<DB>, rows: readonly DataQueryRow[]): Promise<DataQueryDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [targets, people] = await Promise.all([targetDefinitions(db, ids), threadPeople(db, ids)]);
  const labels = new Map<string, Promise<Map<string, string>>>();
  const labelsOf = (definitionId: string) => {
    if (!labels.has(definitionId)) labels.set(definitionId, displayTextsOf(db, definitionId));
    return labels.get(definitionId) as Promise<Map<string, string>>;
  };
  return Promise.all(
    rows.map(async (row) => {
      const target = targets.find((t) => t.id === row.id);
      const index = await definitionIndex(db, row.study_definition_id, row.definition_version);
      const texts = await labelsOf(row.study_definition_id);
      const label = (displayKey: string | undefined) => (displayKey === undefined ? null : (texts.get(displayKey) ?? displayKey));
      const form = target?.instrument_definition_id
        ? index.instrumentById.get(target.instrument_definition_id)
        : target?.visit_definition_id
          ? index.visitById.get(target.visit_definition_id)
          : undefined;
      const field = target?.field_definition_id ? index.fieldById.get(target.field_definition_id) : undefined;
      return {
        id: row.id,
        fieldLabel: label(field?.displayKey),
        formLabel: label(form?.displayKey),
        people: people
          .filter((person) => person.data_query_id === row.id)
          .map((person) => ({ userName: person.user_name, displayName: person.display_name })),
      };
    }),
  );
}
