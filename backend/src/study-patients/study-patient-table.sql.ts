/**
 * The query of the patient table (ecrf-calls.md §2, §9): one page of a study's patients with the flags the
 * table shows and filters by (DigiNet location, Muripedia tag, dropout), and the number of all matches.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { containsPattern } from '../users/users.sql.js';

export type PatientTableFilter = {
  studyInstituteId?: string;
  includeDeleted?: boolean;
  filterIsDiginet?: boolean;
  filterHasMuripedia?: boolean;
  filterHasDropout?: boolean;
  filterStudyInstitute?: boolean;
  search?: string;
  sortBy?: 'pseudonym' | 'registrationDate' | 'institute';
  sortDesc?: boolean;
  page?: number;
  itemsPerPage?: number;
};

export type PatientTableScope = {
  studyId: string;
  /** The caller's locations. */
  locations: readonly string[];
  /** assigned: patients with a visit assigned to the institute of one of the locations; my: patients at the locations. */
  mode: 'my' | 'assigned';
  /** In mode my: every location's patients. */
  allLocations: boolean;
  /** Ids of the vital state field definitions; a dropout has the vital state `dropoutState` in one of them. */
  vitalStateIds: readonly string[];
  dropoutState: string;
  muripediaTag: string;
};

/** Matches no location: `in ()` is not SQL. */
const NO_LOCATION = '00000000-0000-0000-0000-000000000000';

export async function findPatientTablePage(db: Kysely<DB>, scope: PatientTableScope, filter: PatientTableFilter) {
  const { vitalStateIds, dropoutState, muripediaTag } = scope;
  const locations = scope.locations.length > 0 ? [...scope.locations] : [NO_LOCATION];
  // Field definition ids are UUIDs (docs/definitions.md), so the path text holds no quotes to escape.
  const dropoutPath = `$.** ? ((${vitalStateIds.map((id) => `@.definitionId == "${id}"`).join(' || ')}) && @.values[*].value == "${dropoutState}")`;
  const dropout =
    vitalStateIds.length === 0
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from instrument di where di.study_patient_id = sp.id and not di.is_deleted and jsonb_path_exists(di.fields, ${dropoutPath}::jsonpath))`;
  const muripedia = sql<boolean>`(exists (select 1 from visit mv where mv.study_patient_id = sp.id and not mv.is_deleted and mv.tags ? ${muripediaTag}) or exists (select 1 from instrument mi where mi.study_patient_id = sp.id and not mi.is_deleted and mi.tags ? ${muripediaTag}))`;
  let query = db
    .selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .where('sp.study_id', '=', scope.studyId);
  if (scope.mode === 'assigned') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('visit as av')
          .innerJoin('study_institute as asi', 'asi.institute_id', 'av.assigned_institute_id')
          .select('av.id')
          .whereRef('av.study_patient_id', '=', 'sp.id')
          .where('av.is_deleted', '=', false)
          .where('asi.id', 'in', locations),
      ),
    );
  } else if (!scope.allLocations) {
    query = query.where('sp.study_institute_id', 'in', locations);
  }
  if (!filter.includeDeleted) query = query.where('sp.is_deleted', '=', false).where('p.is_deleted', '=', false);
  if (filter.filterStudyInstitute && filter.studyInstituteId) query = query.where('sp.study_institute_id', '=', filter.studyInstituteId);
  if (filter.filterIsDiginet) query = query.where(sql<boolean>`(i.additional_info->>'isDigiNet') = 'true'`);
  if (filter.filterHasMuripedia) query = query.where(muripedia);
  if (filter.filterHasDropout) query = query.where(dropout);
  if (filter.search) {
    const like = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([eb('p.pseudonym', 'ilike', like), eb('i.display_name', 'ilike', like), eb('i.identifier', 'ilike', like)]),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const column =
    filter.sortBy === 'registrationDate' ? 'p.registration_date' : filter.sortBy === 'institute' ? 'i.identifier' : 'p.pseudonym';
  const direction = filter.sortDesc ? 'desc' : 'asc';
  const perPage = filter.itemsPerPage ?? 50;
  const rows = await query
    .select([
      'sp.id',
      'sp.patient_id as patientId',
      'p.pseudonym',
      'p.registration_date as registrationDate',
      'p.is_ml_patient as isMlPatient',
      'sp.study_institute_id as studyInstituteId',
      'i.identifier as instituteIdentifier',
      'i.display_name as instituteDisplayName',
      'sp.is_deleted as isDeleted',
      sql<string | null>`i.additional_info->>'isDigiNet'`.as('isDigiNetText'),
      sql<number>`(select count(*)::int from visit cv where cv.study_patient_id = sp.id and not cv.is_deleted)`.as('visitsCount'),
      dropout.as('hasDropout'),
      muripedia.as('hasMuripedia'),
    ])
    .orderBy(column, direction)
    .orderBy('sp.id')
    .limit(perPage)
    .offset(((filter.page ?? 1) - 1) * perPage)
    .execute();
  return {
    totalCount: Number(total.n),
    items: rows.map(({ isDigiNetText, ...row }) => ({
      ...row,
      displayName: row.pseudonym,
      isDigiNet: isDigiNetText === 'true',
      visitsCount: Number(row.visitsCount),
    })),
  };
}
