/**
 * Reading many visits or instruments at once, in a fixed number of queries (ARCHITECTURE.md "list endpoints
 * that take many ids are used for batching"), limited to the patients the caller may see.
 */
import { type RightName, hasRight } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { CurrentUser } from '../http/route-access.js';
import { definitionIndex } from './definition-cache.js';
import { instrumentDto, visitDto, type InstrumentDto, type VisitDto } from './patient-documents.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { findInstrumentRows, findInstrumentsOfVisits } from './instruments.sql.js';
import { definitionVersionsOf } from './study-patients.sql.js';
import { findVisitRows } from './visits.sql.js';

export type VisitFilter = { ids?: string[]; studyId?: string; includeDeleted?: boolean };

/** Study patient ids the caller may read: all with the all-right, else those at the caller's locations. */
async function scope(db: Kysely<DB>, caller: CurrentUser, allRight: RightName): Promise<string[] | null> {
  if (hasRight(caller.rights, allRight)) return null;
  return callerLocationIds(db, caller);
}

type Identifiers = (definitionId: string) => string;

async function identifiersFor(db: Kysely<DB>, studyPatientIds: string[]): Promise<Identifiers> {
  if (studyPatientIds.length === 0) return () => '';
  const versions = await definitionVersionsOf(db, studyPatientIds);
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
  const rows = await findVisitRows(db, { ...filter, studyInstituteIds: await scope(db, caller, allRight) });
  if (rows.length === 0) return [];
  const instruments = await findInstrumentsOfVisits(
    db,
    rows.map((r) => r.id),
  );
  const identifierOf = await identifiersFor(db, [...new Set(rows.map((r) => r.study_patient_id))]);
  const dtos = instruments.map((i) => instrumentDto(i, identifierOf));
  return rows.map((row) =>
    visitDto(
      row,
      dtos.filter((i) => i.visitId === row.id),
      identifierOf,
    ),
  );
}

export async function findInstruments(db: Kysely<DB>, caller: CurrentUser, ids: string[]): Promise<InstrumentDto[]> {
  if (ids.length === 0) return [];
  const rows = await findInstrumentRows(db, ids, await scope(db, caller, 'StudyPatientGetAllCmd'));
  const identifierOf = await identifiersFor(db, [...new Set(rows.map((r) => r.study_patient_id))]);
  return rows.map((row) => instrumentDto(row, identifierOf));
}
