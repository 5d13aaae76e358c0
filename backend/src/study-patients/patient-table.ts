/**
 * The patient table (ecrf-calls.md §2, §9): the study's patients at the caller's locations (all
 * locations with StudyPatientGetAllCmd) or those assigned to the caller's institutes, with the filters
 * filterIsDiginet, filterHasMuripedia, filterHasDropout and filterStudyInstitute (all off by default),
 * search, sorting and paging. Dropout: vital state A (docs/rules.md fixed identifiers).
 */
import { hasRight } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { findPatientTablePage, type PatientTableFilter } from './study-patient-table.sql.js';

export async function patientTable(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyId: string,
  mode: 'my' | 'assigned',
  filter: PatientTableFilter,
) {
  const allLocations = hasRight(caller.rights, 'StudyPatientGetAllCmd');
  // Every location's patients need no look-up of the caller's locations (one query less per page).
  const locations = mode === 'my' && allLocations ? [] : await callerLocationIds(db, caller);
  return findPatientTablePage(db, { studyId, locations, mode, allLocations }, filter);
}
