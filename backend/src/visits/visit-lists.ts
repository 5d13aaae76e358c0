/**
 * Reading many visits or instruments at once, in a fixed number of queries (ARCHITECTURE.md "list endpoints
 * that take many ids are used for batching"), limited to the patients the caller may see.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { hasRight, type CurrentUser } from '../http/route-access.js';
import type { RightName } from '../rights/rights.catalogue.js';
import { definitionIndex } from '../study-patients/definition-cache.js';
import { instrumentDto, visitDto, type InstrumentDto, type VisitDto } from '../study-patients/patient-documents.js';
import { callerLocationIds } from '../study-patients/patient-workspace.js';

export type VisitFilter = { ids?: string[]; studyId?: string; includeDeleted?: boolean };

/** Study patient ids the caller may read: all with the all-right, else those at the caller's locations. */
async function scope(db: Kysely<DB>, caller: CurrentUser, allRight: RightName): Promise<string[] | null> {
  if (hasRight(caller, allRight)) return null;
  return callerLocationIds(db, caller.id);
}

type Identifiers = (definitionId: string) => string;

async function identifiersFor(db: Kysely<DB>, studyPatientIds: string[]): Promise<Identifiers> {
  if (studyPatientIds.length === 0) return () => '';
  const versions = await db.selectFrom('study_patient').select(['study_definition_id', 'definition_version']).distinct()
    .where('id', 'in', studyPatientIds).execute();
  const names = new Map<string, string>();
  for (const v of versions) {
    const index = await definitionIndex(db, v.study_definition_id, v.definition_version);
    for (const [id, d] of index.visitById) names.set(id, d.identifier);
    for (const [id, d] of index.instrumentById) names.set(id, d.identifier);
  }
  return (id) => names.get(id) ?? '';
}

export async function findVisits(db: Kysely<DB>, caller: CurrentUser, allRight: RightName, filter: VisitFilter): Promise<VisitDto[]> {
  if (filter.ids?.length === 0) return [];
  const locations = await scope(db, caller, allRight);
  if (locations?.length === 0) return [];
  let query = db.selectFrom('visit as v').innerJoin('study_patient as sp', 'sp.id', 'v.study_patient_id').selectAll('v')
    .orderBy('v.study_patient_id').orderBy('v.sort_order').orderBy('v.created_at');
  if (filter.ids) query = query.where('v.id', 'in', filter.ids);
  if (filter.studyId) query = query.where('sp.study_id', '=', filter.studyId);
  if (!filter.includeDeleted) query = query.where('v.is_deleted', '=', false).where('sp.is_deleted', '=', false);
  if (locations) query = query.where('sp.study_institute_id', 'in', locations);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const instruments = await db.selectFrom('instrument').selectAll().where('visit_id', 'in', rows.map((r) => r.id)).orderBy('sort_order').execute();
  const identifierOf = await identifiersFor(db, [...new Set(rows.map((r) => r.study_patient_id))]);
  const dtos = instruments.map((i) => instrumentDto(i, identifierOf));
  return rows.map((row) => visitDto(row, dtos.filter((i) => i.visitId === row.id), identifierOf));
}

export async function findInstruments(db: Kysely<DB>, caller: CurrentUser, ids: string[]): Promise<InstrumentDto[]> {
  if (ids.length === 0) return [];
  const locations = await scope(db, caller, 'StudyPatientGetAllCmd');
  if (locations?.length === 0) return [];
  let query = db.selectFrom('instrument as i').innerJoin('study_patient as sp', 'sp.id', 'i.study_patient_id').selectAll('i').where('i.id', 'in', ids);
  if (locations) query = query.where('sp.study_institute_id', 'in', locations);
  const rows = await query.execute();
  const identifierOf = await identifiersFor(db, [...new Set(rows.map((r) => r.study_patient_id))]);
  return rows.map((row) => instrumentDto(row, identifierOf));
}
