/**
 * The query of the patient table (ecrf-calls.md §2, §9): one page of a study's patients with the flags the
 * table shows and filters by (DigiNet location, Muripedia tag, dropout), and the number of all matches. Built
 * for large registries (issue 14, docs/benchmarks.md): the filters read columns kept on save
 * (patient-list-flags.ts); the page's ids are found first, by offset or after a keyset (deep pages), and only
 * those rows are joined; the count has no select list. What the table shows beyond the rows comes from patient-summaries.sql.ts.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { containsPattern } from '../users/users.sql.js';
import { studyPatientsWithLocation } from '../patient-documentation/study-patients.sql.js';

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
  /** Keyset token of the row to continue after (patient-table-keyset.ts). */
  after?: string;
};

export type PatientTableScope = {
  studyId: string;
  /** The caller's locations (left empty when every location's patients are listed). */
  locations: readonly string[];
  /** assigned: patients with a visit assigned to the institute of one of the locations; my: patients at the locations. */
  mode: 'my' | 'assigned';
  /** In mode my: every location's patients. */
  allLocations: boolean;
};

/** Matches no location: `in ()` is not SQL. */
const NO_LOCATION = '00000000-0000-0000-0000-000000000000';

type Listed = SelectQueryBuilder<DB & { sp: DB['study_patient'] }, 'sp', object>;

/** The study's locations whose institute matches: DigiNet locations, or those a search names. */
function locationsWhere(db: Kysely<DB>, studyId: string, institute: ReturnType<typeof sql<boolean>>) {
  return db
    .selectFrom('study_institute as si')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select('si.id')
    .where('si.study_id', '=', studyId)
    .where(institute);
}

function matching(db: Kysely<DB>, scope: PatientTableScope, filter: PatientTableFilter): Listed {
  const locations = scope.locations.length > 0 ? [...scope.locations] : [NO_LOCATION];
  let query: Listed = db.selectFrom('study_patient as sp').where('sp.study_id', '=', scope.studyId);
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
  if (!filter.includeDeleted)
    query = query
      .where('sp.is_deleted', '=', false)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('patient as dp').select('dp.id').whereRef('dp.id', '=', 'sp.patient_id').where('dp.is_deleted', '=', true),
          ),
        ),
      );
  if (filter.filterStudyInstitute && filter.studyInstituteId) query = query.where('sp.study_institute_id', '=', filter.studyInstituteId);
  if (filter.filterIsDiginet)
    query = query.where(
      'sp.study_institute_id',
      'in',
      locationsWhere(db, scope.studyId, sql<boolean>`(i.additional_info->>'isDigiNet') = 'true'`),
    );
  if (filter.filterHasMuripedia) query = query.where('sp.has_muripedia', '=', true);
  if (filter.filterHasDropout) query = query.where('sp.has_dropout', '=', true);
  if (filter.search) {
    const like = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb('sp.pseudonym', 'ilike', like),
        eb(
          'sp.study_institute_id',
          'in',
          locationsWhere(db, scope.studyId, sql<boolean>`(i.display_name ilike ${like} or i.identifier ilike ${like})`),
        ),
      ]),
    );
  }
  return query;
}

/** A place in the table's order: the row's sort key and its id, the tie-break (patient-table-keyset.ts). */
export type Keyset = { key: string; id: string };

/**
 * The ids of one page with their sort keys, in the table's order: after `seek` (keyset), else at the page's offset.
 * The id breaks ties in the order's direction, so the seek is one row comparison and every order walks one index
 * forward or backward. For the keys of joined tables (registration day, institute) the comparison joins; the
 * bound on the key alone lets the planner start that table's index at the key (docs/benchmarks.md).
 */
async function pageKeys(query: Listed, filter: PatientTableFilter, seek: Keyset | undefined): Promise<Keyset[]> {
  const desc = filter.sortDesc === true;
  const perPage = filter.itemsPerPage ?? 50;
  const offset = seek ? 0 : ((filter.page ?? 1) - 1) * perPage;
  const page = <T, TB extends keyof T, O>(keyed: SelectQueryBuilder<T, TB, O>, key: string) => {
    const sought = seek
      ? keyed
          .where(sql<boolean>`(${sql.ref(key)}, sp.id) ${sql.raw(desc ? '<' : '>')} (${seek.key}, ${seek.id})`)
          .where(sql<boolean>`${sql.ref(key)} ${sql.raw(desc ? '<=' : '>=')} ${seek.key}`)
      : keyed;
    const direction = sql.raw(desc ? 'desc' : 'asc');
    return sought
      .orderBy(sql`${sql.ref(key)} ${direction}, sp.id ${direction}`)
      .limit(perPage)
      .offset(offset)
      .execute();
  };
  // One chain per order: each lets the planner walk its own index (docs/benchmarks.md).
  if (filter.sortBy === 'registrationDate')
    return page(
      query.innerJoin('patient as op', 'op.id', 'sp.patient_id').select(['sp.id', 'op.registration_date as key']),
      'op.registration_date',
    );
  if (filter.sortBy === 'institute')
    return page(
      query
        .innerJoin('study_institute as osi', 'osi.id', 'sp.study_institute_id')
        .innerJoin('institute as oi', 'oi.id', 'osi.institute_id')
        .select(['sp.id', 'oi.identifier as key']),
      'oi.identifier',
    );
  return page(query.select(['sp.id', 'sp.pseudonym as key']), 'sp.pseudonym');
}

function pageRows(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return studyPatientsWithLocation(db)
    .select(['sp.has_dropout as hasDropout', 'sp.has_muripedia as hasMuripedia'])
    .where('sp.id', 'in', [...ids])
    .execute();
}

/** One page of the table and the count of all matches; each item with its place in the order (`keyset`). */
export async function findPatientTablePage(db: Kysely<DB>, scope: PatientTableScope, filter: PatientTableFilter, seek?: Keyset) {
  const query = matching(db, scope, filter);
  const [total, keys] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    pageKeys(query, filter, seek),
  ]);
  const byId = new Map(
    (
      await pageRows(
        db,
        keys.map((k) => k.id),
      )
    ).map((row) => [row.id, row]),
  );
  return {
    totalCount: Number(total.n),
    items: keys.flatMap((keyset) => {
      const found = byId.get(keyset.id);
      if (!found) return [];
      const { isDigiNetText, ...row } = found;
      return [{ ...row, displayName: row.pseudonym, isDigiNet: isDigiNetText === 'true', keyset }];
    }),
  };
}
