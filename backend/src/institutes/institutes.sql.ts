/** Reads of institutes, studies and locations with their assigned users. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { InstituteDto, StudyInstituteDto } from './institutes.schemas.js';
import { notFound } from '../errors/errors.js';

type InstituteFilter = { ids?: string[]; includeDeleted?: boolean };

export async function findInstitutes(db: Kysely<DB>, filter: InstituteFilter = {}): Promise<InstituteDto[]> {
  if (filter.ids?.length === 0) return [];
  let query = db.selectFrom('institute').selectAll().orderBy('identifier');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (!filter.includeDeleted) query = query.where('is_deleted', '=', false);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    identifier: row.identifier,
    displayName: row.display_name,
    additionalInfo: { ...row.additional_info, isDigiNet: row.additional_info.isDigiNet === true },
    isDeleted: row.is_deleted,
    street: row.street,
    postalCode: row.postal_code,
    city: row.city,
    phone: row.phone,
  }));
}

type StudyInstituteFilter = InstituteFilter & { userId?: string; studyId?: string };

export async function findStudyInstitutes(db: Kysely<DB>, filter: StudyInstituteFilter = {}): Promise<StudyInstituteDto[]> {
  if (filter.ids?.length === 0) return [];
  let query = db
    .selectFrom('study_institute as si')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select(['si.id', 'si.study_id', 'si.institute_id', 'si.is_deleted', 'i.identifier', 'i.display_name', 'i.additional_info'])
    .orderBy('i.identifier');
  if (filter.ids) query = query.where('si.id', 'in', filter.ids);
  if (filter.studyId) query = query.where('si.study_id', '=', filter.studyId);
  if (!filter.includeDeleted) query = query.where('si.is_deleted', '=', false).where('i.is_deleted', '=', false);
  if (filter.userId) {
    const userId = filter.userId;
    query = query.where('si.id', 'in', (eb) =>
      eb.selectFrom('study_institute_user').select('study_institute_id').where('user_id', '=', userId),
    );
  }
  const rows = await query.execute();
  if (rows.length === 0) return [];
  // One query for the users of all listed locations (no N+1 for the gateway's batch reads).
  const members = await db
    .selectFrom('study_institute_user as siu')
    .innerJoin('app_user as u', 'u.id', 'siu.user_id')
    .select(['siu.study_institute_id', 'u.id', 'u.user_name', 'u.display_name'])
    .where('siu.study_institute_id', 'in', rows.map((row) => row.id))
    .where('u.is_deleted', '=', false)
    .orderBy('u.user_name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    identifier: row.identifier,
    displayName: row.display_name,
    instituteId: row.institute_id,
    studyId: row.study_id,
    additionalInfo: { ...row.additional_info, isDigiNet: row.additional_info.isDigiNet === true },
    isDeleted: row.is_deleted,
    users: members
      .filter((member) => member.study_institute_id === row.id)
      .map((member) => ({ id: member.id, userName: member.user_name, displayName: member.display_name })),
  }));
}

/** One institute, deleted or not; 404 when there is none. */
export async function getInstitute(db: Kysely<DB>, id: string): Promise<InstituteDto> {
  const [row] = await findInstitutes(db, { ids: [id], includeDeleted: true });
  if (!row) throw notFound('institute');
  return row;
}

/** One study institute (location), deleted or not; 404 when there is none. */
export async function getStudyInstitute(db: Kysely<DB>, id: string): Promise<StudyInstituteDto> {
  const [row] = await findStudyInstitutes(db, { ids: [id], includeDeleted: true });
  if (!row) throw notFound('study institute');
  return row;
}

/** Non-deleted study patients per location (the locations asked for, or all); locations without any are absent. */
export async function studyPatientCounts(db: Kysely<DB>, studyInstituteIds?: readonly string[]): Promise<Map<string, number>> {
  if (studyInstituteIds?.length === 0) return new Map();
  let query = db
    .selectFrom('study_patient')
    .select(['study_institute_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('is_deleted', '=', false)
    .groupBy('study_institute_id');
  if (studyInstituteIds) query = query.where('study_institute_id', 'in', studyInstituteIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.study_institute_id, Number(row.n)]));
}
