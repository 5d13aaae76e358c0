/** The queries of generic export definitions and of their scheduled runs (ecrf-calls.md §7 "Exports": Generic export). */
import type { DataFieldInstance } from '@ecrf/rules';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { DB, GenericExportDefinitionTable } from '../__generated__/database.js';

export type GenericExportRow = Selectable<GenericExportDefinitionTable>;

export async function findGenericExports(
  db: Kysely<DB>,
  filter: { studyId: string; includeDeleted: boolean },
): Promise<GenericExportRow[]> {
  let query = db.selectFrom('generic_export_definition').selectAll().where('study_id', '=', filter.studyId);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  return query.orderBy('name').orderBy('id').execute();
}

export async function findGenericExport(db: Kysely<DB>, id: string): Promise<GenericExportRow | undefined> {
  return db.selectFrom('generic_export_definition').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertGenericExport(db: Kysely<DB>, values: Insertable<GenericExportDefinitionTable>): Promise<GenericExportRow> {
  return db.insertInto('generic_export_definition').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates only the version that was read; undefined when another write came first. */
export async function updateGenericExport(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<GenericExportDefinitionTable>,
): Promise<GenericExportRow | undefined> {
  return db
    .updateTable('generic_export_definition')
    .set({ ...set, version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .where('is_deleted', '=', false)
    .returningAll()
    .executeTakeFirst();
}

/** Live definitions with a schedule, for every study. */
export async function findScheduledGenericExports(db: Kysely<DB>): Promise<GenericExportRow[]> {
  return db
    .selectFrom('generic_export_definition')
    .selectAll()
    .where('is_deleted', '=', false)
    .where('cron', 'is not', null)
    .orderBy('id')
    .execute();
}

/** Claims the run of a definition due at an instant; true only for the one caller whose insert made the row. */
export async function claimScheduledRun(db: Kysely<DB>, definitionId: string, dueAt: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('generic_export_run')
    .values({ definition_id: definitionId, due_at: dueAt })
    .onConflict((oc) => oc.columns(['definition_id', 'due_at']).doNothing())
    .returning('definition_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function recordScheduledJob(db: Kysely<DB>, definitionId: string, dueAt: Date, jobId: string): Promise<void> {
  await db
    .updateTable('generic_export_run')
    .set({ job_id: jobId })
    .where('definition_id', '=', definitionId)
    .where('due_at', '=', dueAt)
    .execute();
}

/** Which study patients (and, per visit, which visits) a generic export reads, and which of their parts. */
export type ExportRowsQuery = {
  studyId: string;
  /** null: every location of the study. */
  locationIds: readonly string[] | null;
  mode: 'patient' | 'visit';
  /** Patient rows: the visit definitions whose first visit each row reads; visit rows: the visits that are rows (empty: all). */
  visitDefinitionIds: readonly string[];
  /** The instrument definitions read inside those visits. */
  instrumentDefinitionIds: readonly string[];
  /** The standalone instrument definitions whose first instrument each row reads. */
  standaloneDefinitionIds: readonly string[];
};

/** One export row as read: the patient, its location, and its visits and instruments as jsonb. */
export type ExportRowRecord = {
  pseudonym: string;
  registration_date: string;
  location_identifier: string;
  location_name: string;
  patient_fields: DataFieldInstance[];
  own_visit: unknown;
  visits: unknown;
  standalone: unknown;
};

/** `column in (ids)`, false for no ids (SQL has no empty list). */
const inIds = (column: string, ids: readonly string[]) =>
  ids.length === 0 ? sql<boolean>`false` : sql<boolean>`${sql.ref(column)} in (${sql.join([...ids])})`;

const visitJson = (instrumentIds: readonly string[]) => sql`jsonb_build_object(
  'id', v.id, 'definitionId', v.definition_id, 'fields', v.fields, 'visitDate', v.visit_date, 'state', v.state,
  'instruments', coalesce((
    select jsonb_agg(jsonb_build_object('definitionId', i.definition_id, 'fields', i.fields, 'state', i.state) order by i.sort_order)
    from instrument i where i.visit_id = v.id and not i.is_deleted and ${inIds('i.definition_id', instrumentIds)}
  ), '[]'::jsonb))`;

function exportRowsBase(db: Kysely<DB>, query: ExportRowsQuery) {
  let base = db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id')
    .innerJoin('institute as inst', 'inst.id', 'si.institute_id')
    .where('sp.study_id', '=', query.studyId)
    .where('sp.is_deleted', '=', false)
    .where('p.is_deleted', '=', false);
  if (query.locationIds !== null) base = base.where(inIds('sp.study_institute_id', query.locationIds));
  return base;
}

function visitRows(db: Kysely<DB>, query: ExportRowsQuery) {
  let rows = exportRowsBase(db, query).innerJoin('visit as v', 'v.study_patient_id', 'sp.id').where('v.is_deleted', '=', false);
  if (query.visitDefinitionIds.length > 0) rows = rows.where(inIds('v.definition_id', query.visitDefinitionIds));
  return rows;
}

/** The rows, in pseudonym (and visit) order, read in chunks. */
export function streamExportRows(db: Kysely<DB>, query: ExportRowsQuery): AsyncIterableIterator<ExportRowRecord> {
  const standalone = sql`(select coalesce(jsonb_agg(t.x), '[]'::jsonb) from (
    select distinct on (i.definition_id) jsonb_build_object('definitionId', i.definition_id, 'fields', i.fields, 'state', i.state) as x
    from instrument i where i.study_patient_id = sp.id and i.visit_id is null and not i.is_deleted
      and ${inIds('i.definition_id', query.standaloneDefinitionIds)}
    order by i.definition_id, i.sort_order) t)`;
  const columns = [
    'p.pseudonym',
    'p.registration_date',
    'inst.identifier as location_identifier',
    'inst.display_name as location_name',
    'sp.fields as patient_fields',
  ] as const;
  if (query.mode === 'visit')
    return visitRows(db, query)
      .select(columns)
      .select([visitJson(query.instrumentDefinitionIds).as('own_visit'), sql`'[]'::jsonb`.as('visits'), standalone.as('standalone')])
      .orderBy('p.pseudonym')
      .orderBy('v.sort_order')
      .orderBy('v.id')
      .stream(500) as AsyncIterableIterator<ExportRowRecord>;
  const visits = sql`(select coalesce(jsonb_agg(t.x), '[]'::jsonb) from (
    select distinct on (v.definition_id) ${visitJson(query.instrumentDefinitionIds)} as x
    from visit v where v.study_patient_id = sp.id and not v.is_deleted
      and ${inIds('v.definition_id', query.visitDefinitionIds)}
    order by v.definition_id, v.sort_order) t)`;
  return exportRowsBase(db, query)
    .select(columns)
    .select([sql`null`.as('own_visit'), visits.as('visits'), standalone.as('standalone')])
    .orderBy('p.pseudonym')
    .stream(500) as AsyncIterableIterator<ExportRowRecord>;
}

export async function countExportRows(db: Kysely<DB>, query: ExportRowsQuery): Promise<number> {
  const rows = query.mode === 'visit' ? visitRows(db, query) : exportRowsBase(db, query);
  const { count } = await rows.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}
