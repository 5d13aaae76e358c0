/**
 * The patient table (ecrf-calls.md §2, §9): the study's patients at the caller's locations (all
 * locations with StudyPatientGetAllCmd) or those assigned to the caller's institutes, with the filters
 * filterIsDiginet, filterHasMuripedia, filterHasDropout and filterStudyInstitute (all off by default),
 * search, sorting and paging. Dropout: vital state A (docs/rules.md fixed identifiers).
 */
import { VITAL_STATUS_FIELD_IDENTIFIERS } from '@ecrf/rules';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { hasRight, type CurrentUser } from '../http/route-access.js';
import { currentDefinitionOf, definitionIndex, fieldDefinitionIds } from './definition-cache.js';
import { callerLocationIds } from './patient-workspace.js';

export type PatientTableFilter = {
  studyInstituteId?: string; includeDeleted?: boolean; filterIsDiginet?: boolean; filterHasMuripedia?: boolean; filterHasDropout?: boolean;
  filterStudyInstitute?: boolean; search?: string; sortBy?: 'pseudonym' | 'registrationDate' | 'institute'; sortDesc?: boolean; page?: number; itemsPerPage?: number;
};

const DROPOUT_STATE = 'A';
const MURIPEDIA_TAG = 'Muripedia';

export async function patientTable(db: Kysely<DB>, caller: CurrentUser, studyId: string, mode: 'my' | 'assigned', filter: PatientTableFilter) {
  const locations = await callerLocationIds(db, caller.id);
  const definition = await currentDefinitionOf(db, studyId);
  const vitalStateIds = definition ? fieldDefinitionIds(await definitionIndex(db, definition.id, definition.version), VITAL_STATUS_FIELD_IDENTIFIERS.vitalState) : [];
  // Field definition ids are UUIDs (docs/definitions.md), so the path text holds no quotes to escape.
  const dropoutPath = `$.** ? ((${vitalStateIds.map((id) => `@.definitionId == "${id}"`).join(' || ')}) && @.values[*].value == "${DROPOUT_STATE}")`;
  const dropout = vitalStateIds.length === 0 ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from instrument di where di.study_patient_id = sp.id and not di.is_deleted and jsonb_path_exists(di.fields, ${dropoutPath}::jsonpath))`;
  const muripedia = sql<boolean>`(exists (select 1 from visit mv where mv.study_patient_id = sp.id and not mv.is_deleted and mv.tags ? ${MURIPEDIA_TAG}) or exists (select 1 from instrument mi where mi.study_patient_id = sp.id and not mi.is_deleted and mi.tags ? ${MURIPEDIA_TAG}))`;
  let query = db.selectFrom('study_patient as sp').innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id').innerJoin('institute as i', 'i.id', 'si.institute_id')
    .where('sp.study_id', '=', studyId);
  if (mode === 'assigned') {
    query = query.where((eb) => eb.exists(eb.selectFrom('visit as av').innerJoin('study_institute as asi', 'asi.institute_id', 'av.assigned_institute_id')
      .select('av.id').whereRef('av.study_patient_id', '=', 'sp.id').where('av.is_deleted', '=', false)
      .where('asi.id', 'in', locations.length > 0 ? locations : ['00000000-0000-0000-0000-000000000000'])));
  } else if (!hasRight(caller, 'StudyPatientGetAllCmd')) {
    query = query.where('sp.study_institute_id', 'in', locations.length > 0 ? locations : ['00000000-0000-0000-0000-000000000000']);
  }
  if (!filter.includeDeleted) query = query.where('sp.is_deleted', '=', false).where('p.is_deleted', '=', false);
  if (filter.filterStudyInstitute && filter.studyInstituteId) query = query.where('sp.study_institute_id', '=', filter.studyInstituteId);
  if (filter.filterIsDiginet) query = query.where(sql<boolean>`(i.additional_info->>'isDigiNet') = 'true'`);
  if (filter.filterHasMuripedia) query = query.where(muripedia);
  if (filter.filterHasDropout) query = query.where(dropout);
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('p.pseudonym', 'ilike', like), eb('i.display_name', 'ilike', like), eb('i.identifier', 'ilike', like)]));
  }
  const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const column = filter.sortBy === 'registrationDate' ? 'p.registration_date' : filter.sortBy === 'institute' ? 'i.identifier' : 'p.pseudonym';
  const direction = filter.sortDesc ? 'desc' : 'asc';
  const perPage = filter.itemsPerPage ?? 50;
  const rows = await query.select([
    'sp.id', 'sp.patient_id as patientId', 'p.pseudonym', 'p.registration_date as registrationDate', 'p.is_ml_patient as isMlPatient',
    'sp.study_institute_id as studyInstituteId', 'i.identifier as instituteIdentifier', 'i.display_name as instituteDisplayName', 'sp.is_deleted as isDeleted',
    sql<string | null>`i.additional_info->>'isDigiNet'`.as('isDigiNetText'),
    sql<number>`(select count(*)::int from visit cv where cv.study_patient_id = sp.id and not cv.is_deleted)`.as('visitsCount'),
    dropout.as('hasDropout'), muripedia.as('hasMuripedia'),
  ]).orderBy(column, direction).orderBy('sp.id').limit(perPage).offset(((filter.page ?? 1) - 1) * perPage).execute();
  return {
    totalCount: Number(total.n),
    items: rows.map(({ isDigiNetText, ...row }) => ({ ...row, displayName: row.pseudonym, isDigiNet: isDigiNetText === 'true', visitsCount: Number(row.visitsCount) })),
  };
}
