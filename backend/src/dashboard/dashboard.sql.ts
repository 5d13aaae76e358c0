/**
 * The registry dashboard's figures, each one aggregate query over the study (it stays one query per figure
 * at 20,000 patients: nothing is loaded per patient).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { visibleCondition, type VisibleTypes } from '../data-queries/data-queries.sql.js';

/** null: every location. */
type Scope = { studyId: string; locationIds: readonly string[] | null };

const count = (value: string | number | bigint | null) => Number(value ?? 0);

export async function openQueriesByLocation(db: Kysely<DB>, scope: Scope, visible: readonly VisibleTypes[]) {
  if (scope.locationIds?.length === 0) return [];
  let query = db
    .selectFrom('data_query as dq')
    .select([
      'dq.study_institute_id as studyInstituteId',
      sql<string>`count(*) FILTER (WHERE dq.status = 'OPEN')`.as('open'),
      sql<string>`count(*) FILTER (WHERE dq.status = 'PENDING')`.as('pending'),
    ])
    .where('dq.study_id', '=', scope.studyId)
    .where('dq.status', 'in', ['OPEN', 'PENDING'])
    .where((eb) => visibleCondition(eb, visible));
  if (scope.locationIds) query = query.where('dq.study_institute_id', 'in', [...scope.locationIds]);
  const rows = await query.groupBy('dq.study_institute_id').orderBy('dq.study_institute_id').execute();
  return rows.map((r) => ({ studyInstituteId: r.studyInstituteId, open: count(r.open), pending: count(r.pending) }));
}

/** Unresolved (open or pending) queries by age in days: 0–7, 7–30, 30–90, 90 and more. */
export const AGEING_BUCKETS = [
  { fromDays: 0, toDays: 7 },
  { fromDays: 7, toDays: 30 },
  { fromDays: 30, toDays: 90 },
  { fromDays: 90, toDays: null },
] as const;

export async function queryAgeing(db: Kysely<DB>, scope: Scope, visible: readonly VisibleTypes[], now: Date) {
  const empty = AGEING_BUCKETS.map((b) => ({ ...b, count: 0 }));
  if (scope.locationIds?.length === 0) return empty;
  const age = sql`(${now.toISOString()}::timestamptz - dq.created_at)`;
  const bucket = (fromDays: number, toDays: number | null) =>
    toDays === null
      ? sql<string>`count(*) FILTER (WHERE ${age} >= make_interval(days => ${fromDays}))`
      : sql<string>`count(*) FILTER (WHERE ${age} >= make_interval(days => ${fromDays}) AND ${age} < make_interval(days => ${toDays}))`;
  let query = db
    .selectFrom('data_query as dq')
    .select(AGEING_BUCKETS.map((b, i) => bucket(b.fromDays, b.toDays).as(`b${i}`)))
    .where('dq.study_id', '=', scope.studyId)
    .where('dq.status', 'in', ['OPEN', 'PENDING'])
    .where((eb) => visibleCondition(eb, visible));
  if (scope.locationIds) query = query.where('dq.study_institute_id', 'in', [...scope.locationIds]);
  const row = (await query.executeTakeFirst()) as Record<string, string | number> | undefined;
  return empty.map((b, i) => ({ ...b, count: count(row?.[`b${i}`] ?? 0) }));
}

/** Visits (not deleted, of patients not deleted) per location by state. */
export async function documentationCompleteness(db: Kysely<DB>, scope: Scope) {
  if (scope.locationIds?.length === 0) return [];
  let query = db
    .selectFrom('visit as v')
    .innerJoin('study_patient as sp', 'sp.id', 'v.study_patient_id')
    .select([
      'sp.study_institute_id as studyInstituteId',
      sql<string>`count(*) FILTER (WHERE v.state = 'complete')`.as('complete'),
      sql<string>`count(*) FILTER (WHERE v.state = 'missing_data')`.as('missingData'),
      sql<string>`count(*) FILTER (WHERE v.state = 'new')`.as('new'),
    ])
    .where('sp.study_id', '=', scope.studyId)
    .where('sp.is_deleted', '=', false)
    .where('v.is_deleted', '=', false);
  if (scope.locationIds) query = query.where('sp.study_institute_id', 'in', [...scope.locationIds]);
  const rows = await query.groupBy('sp.study_institute_id').orderBy('sp.study_institute_id').execute();
  return rows.map((r) => ({
    studyInstituteId: r.studyInstituteId,
    complete: count(r.complete),
    missingData: count(r.missingData),
    new: count(r.new),
  }));
}

/** Study patients registered per month ('yyyy-MM') from the first month on. */
export async function registrationsByMonth(db: Kysely<DB>, scope: Scope, firstMonth: string): Promise<Map<string, number>> {
  if (scope.locationIds?.length === 0) return new Map();
  const month = sql<string>`substr(p.registration_date, 1, 7)`;
  let query = db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .select([month.as('month'), sql<string>`count(*)`.as('registered')])
    .where('sp.study_id', '=', scope.studyId)
    .where('sp.is_deleted', '=', false)
    .where('p.registration_date', '>=', `${firstMonth}-01`);
  if (scope.locationIds) query = query.where('sp.study_institute_id', 'in', [...scope.locationIds]);
  const rows = await query.groupBy(month).execute();
  return new Map(rows.map((r) => [r.month, count(r.registered)]));
}
