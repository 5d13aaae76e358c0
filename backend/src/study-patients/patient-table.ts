/**
 * The patient table (ecrf-calls.md §2, §9): the study's patients at the caller's locations (all
 * locations with StudyPatientGetAllCmd) or those assigned to the caller's institutes, with the filters
 * filterIsDiginet, filterHasMuripedia, filterHasDropout and filterStudyInstitute (all off by default),
 * search, sorting and paging by page or keyset token (`after`, patient-table-keyset.ts). Dropout: vital state A (docs/rules.md fixed identifiers). Each row carries the
 * patient's summary (visit states, linked identity: patient-summaries.sql.ts), so a list needs no contexts.
 */
import { hasRight } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { findPatientSummaries } from './patient-summaries.sql.js';
import { keysetToken, listOf, seekOf } from './patient-table-keyset.js';
import { findPatientTablePage, type PatientTableFilter } from './study-patient-table.sql.js';

export async function patientTable(
  db: Kysely<DB>,
  caller: CurrentUser,
  studyId: string,
  mode: 'my' | 'assigned',
  filter: PatientTableFilter,
) {
  const list = listOf({ studyId, mode }, filter);
  const seek = seekOf(list, filter);
  const allLocations = hasRight(caller.rights, 'StudyPatientGetAllCmd');
  // Every location's patients need no look-up of the caller's locations (one query less per page).
  const locations = mode === 'my' && allLocations ? [] : await callerLocationIds(db, caller);
  const page = await findPatientTablePage(db, { studyId, locations, mode, allLocations }, filter, seek);
  // The visit states are part of the patient context: roles without it (billing) see none, as before.
  const showsVisits = hasRight(caller.rights, 'StudyPatientGetContextCmd');
  const summaries = await findPatientSummaries(
    db,
    page.items.map((item) => item.id),
  );
  return {
    ...page,
    items: page.items.map(({ keyset, ...item }) => {
      const summary = summaries.get(item.id);
      const visits = summary?.visits ?? [];
      return {
        ...item,
        cursor: keysetToken(list, keyset),
        visitsCount: visits.length,
        visitStates: showsVisits ? visits : [],
        hasIdentity: summary?.hasIdentity ?? false,
      };
    }),
  };
}
