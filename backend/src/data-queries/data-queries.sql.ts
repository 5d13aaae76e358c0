/** The queries of data queries, their thread and query templates (ecrf-calls.md §7 "Queries"). */
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DataQueryActionTable, DataQueryTable, DataQueryTemplateTable, DB } from '../__generated__/database.js';

export type DataQueryRow = Selectable<DataQueryTable> & { pseudonym: string | null };
/** A thread entry with the display name of the role it was taken in (the role's current name). */
export type ThreadRow = Selectable<DataQueryActionTable> & { role_display_name: string | null };
export type TemplateRow = Selectable<DataQueryTemplateTable>;

export type QueryScope = ExpressionBuilder<DB & { dq: DataQueryTable }, 'dq'>;

/** Which query types of a definition version a viewer sees, and of which the deferred (INVISIBLE) ones too. */
export type VisibleTypes = { definitionId: string; version: number; types: string[]; deferredTypes: string[] };

/** The stored query's subject: what the list calls select by. */
export type DataQueryFilter =
  | { ids: readonly string[] }
  | { studyPatientId: string }
  | { visitId: string }
  | { instrumentId: string }
  | { studyInstituteId: string }
  | { studyPatientId: string; actedOnBy: string };

const baseQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('data_query as dq')
    .leftJoin('study_patient as sp', 'sp.id', 'dq.study_patient_id')
    .leftJoin('patient as p', 'p.id', 'sp.patient_id')
    .selectAll('dq')
    .select('p.pseudonym');

export async function findDataQueries(db: Kysely<DB>, filter: DataQueryFilter): Promise<DataQueryRow[]> {
  let query = baseQuery(db);
  if ('ids' in filter) {
    if (filter.ids.length === 0) return [];
    query = query.where('dq.id', 'in', [...filter.ids]);
  } else if ('actedOnBy' in filter) {
    query = query
      .where('dq.study_patient_id', '=', filter.studyPatientId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('data_query_action as a')
            .select('a.id')
            .whereRef('a.data_query_id', '=', 'dq.id')
            .where('a.user_id', '=', filter.actedOnBy),
        ),
      );
  } else if ('studyPatientId' in filter) query = query.where('dq.study_patient_id', '=', filter.studyPatientId);
  else if ('visitId' in filter) query = query.where('dq.visit_id', '=', filter.visitId);
  else if ('instrumentId' in filter) query = query.where('dq.instrument_id', '=', filter.instrumentId);
  else query = query.where('dq.study_institute_id', '=', filter.studyInstituteId).where('dq.reference_type', '=', 'StudyInstitute');
  return query.orderBy('dq.created_at').orderBy('dq.id').execute();
}

export async function findThreads(db: Kysely<DB>, queryIds: readonly string[]): Promise<ThreadRow[]> {
  if (queryIds.length === 0) return [];
  return db
    .selectFrom('data_query_action as a')
    .leftJoin('role as r', 'r.identifier', 'a.role_identifier')
    .selectAll('a')
    .select('r.display_name as role_display_name')
    .where('a.data_query_id', 'in', [...queryIds])
    .orderBy('a.id')
    .execute();
}

export async function insertDataQuery(db: Kysely<DB>, values: Insertable<DataQueryTable>): Promise<Selectable<DataQueryTable>> {
  return db.insertInto('data_query').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates only the version that was read; undefined when another write came first. */
export async function updateDataQuery(
  db: Kysely<DB>,
  id: string,
  readVersion: number,
  set: Updateable<DataQueryTable>,
): Promise<Selectable<DataQueryTable> | undefined> {
  return db
    .updateTable('data_query')
    .set({ ...set, version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .returningAll()
    .executeTakeFirst();
}

export async function insertThreadEntry(db: Kysely<DB>, values: Insertable<DataQueryActionTable>): Promise<void> {
  await db.insertInto('data_query_action').values(values).execute();
}

export function visibleCondition(eb: QueryScope, visible: readonly VisibleTypes[]): Expression<SqlBool> {
  const perVersion = visible
    .filter((v) => v.types.length > 0)
    .map((v) =>
      eb.and([
        eb('dq.study_definition_id', '=', v.definitionId),
        eb('dq.definition_version', '=', v.version),
        eb('dq.query_type_identifier', 'in', v.types),
        v.deferredTypes.length > 0
          ? eb.or([eb('dq.status', '<>', 'INVISIBLE'), eb('dq.query_type_identifier', 'in', v.deferredTypes)])
          : eb('dq.status', '<>', 'INVISIBLE'),
      ]),
    );
  return perVersion.length > 0 ? eb.or(perVersion) : sql<SqlBool>`false`;
}

export type OverviewFilter = {
  studyId: string;
  /** null: every location (QueryGetAllCmd). */
  locationIds: readonly string[] | null;
  visible: readonly VisibleTypes[];
  studyPatientId?: string;
  studyInstituteId?: string;
  searchText?: string;
  statuses?: readonly string[];
  answerStages?: readonly string[];
  sortBy: 'changedAt' | 'createdAt' | 'pseudonym' | 'priority' | 'status';
  sortDesc: boolean;
  offset: number;
  limit: number;
};

const SORT_COLUMNS = {
  changedAt: sql`dq.changed_at`,
  createdAt: sql`dq.created_at`,
  pseudonym: sql`p.pseudonym`,
  // LOW < NORMAL < HIGH, not alphabetical.
  priority: sql`CASE dq.priority WHEN 'LOW' THEN 0 WHEN 'NORMAL' THEN 1 ELSE 2 END`,
  status: sql`dq.status`,
} as const;

/** One page of the overview and the total count of the filter, both in SQL. */
export async function findOverviewPage(db: Kysely<DB>, filter: OverviewFilter): Promise<{ rows: DataQueryRow[]; totalCount: number }> {
  if (filter.locationIds?.length === 0) return { rows: [], totalCount: 0 };
  let query = baseQuery(db)
    .where('dq.study_id', '=', filter.studyId)
    .where((eb) => visibleCondition(eb, filter.visible));
  if (filter.locationIds) query = query.where('dq.study_institute_id', 'in', [...filter.locationIds]);
  if (filter.studyPatientId) query = query.where('dq.study_patient_id', '=', filter.studyPatientId);
  if (filter.studyInstituteId) query = query.where('dq.study_institute_id', '=', filter.studyInstituteId);
  if (filter.statuses?.length) query = query.where('dq.status', 'in', [...filter.statuses] as DataQueryRow['status'][]);
  if (filter.answerStages?.length) query = query.where('dq.answer_stage', 'in', [...filter.answerStages] as DataQueryRow['answer_stage'][]);
  if (filter.searchText) {
    const pattern = `%${filter.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('p.pseudonym', 'ilike', pattern), eb('dq.title', 'ilike', pattern), eb('dq.text', 'ilike', pattern)]),
    );
  }
  const direction = filter.sortDesc ? sql`DESC` : sql`ASC`;
  const [rows, count] = await Promise.all([
    query
      .orderBy(sql`${SORT_COLUMNS[filter.sortBy]} ${direction} NULLS LAST`)
      .orderBy('dq.id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.count) };
}

/** The latest changed queries of the locations (Query/my). */
export async function findLatestChanged(
  db: Kysely<DB>,
  filter: { locationIds: readonly string[] | null; visible: readonly VisibleTypes[]; studyId?: string; limit: number },
): Promise<DataQueryRow[]> {
  if (filter.locationIds?.length === 0) return [];
  let query = baseQuery(db).where((eb) => visibleCondition(eb, filter.visible));
  if (filter.locationIds) query = query.where('dq.study_institute_id', 'in', [...filter.locationIds]);
  if (filter.studyId) query = query.where('dq.study_id', '=', filter.studyId);
  return query.orderBy('dq.changed_at', 'desc').orderBy('dq.id').limit(filter.limit).execute();
}

export async function findTemplatesOf(db: Kysely<DB>, userId: string): Promise<TemplateRow[]> {
  return db.selectFrom('data_query_template').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function insertTemplate(db: Kysely<DB>, values: Insertable<DataQueryTemplateTable>): Promise<TemplateRow> {
  return db.insertInto('data_query_template').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Deletes the user's own template; undefined when there is none of theirs with that id. */
export async function deleteTemplateOf(db: Kysely<DB>, userId: string, id: string): Promise<TemplateRow | undefined> {
  return db.deleteFrom('data_query_template').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}
