/** The queries of institutes and locations (study institutes) with their assigned users. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, InstituteTable, StudyInstituteUserTable } from '../__generated__/database.js';
import type { InstituteDto, StudyInstituteDto } from './institutes.schemas.js';
import { notFound } from '../errors/errors.js';
import { SUPER_RIGHT } from '@ecrf/rules';

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
    .where(
      'siu.study_institute_id',
      'in',
      rows.map((row) => row.id),
    )
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

/** Whether an institute other than `exceptId` has the identifier. */
export async function instituteIdentifierTaken(db: Kysely<DB>, identifier: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('institute').select('id').where('identifier', '=', identifier);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertInstitute(db: Kysely<DB>, institute: Insertable<InstituteTable>): Promise<string> {
  const row = await db.insertInto('institute').values(institute).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateInstituteRow(db: Kysely<DB>, id: string, set: Updateable<InstituteTable>): Promise<void> {
  await db.updateTable('institute').set(set).where('id', '=', id).execute();
}

export type DeletionInfo = { id: string; canBeDeleted: boolean; assignedUsersCount: number; studyPatientsCount: number };

/** Whether institutes can be deleted: no active user is assigned to any of their locations and no patient is documented there. */
export async function instituteDeletionInfo(db: Kysely<DB>, ids: string[]): Promise<DeletionInfo[]> {
  if (ids.length === 0) return [];
  const institutes = await db.selectFrom('institute').select('id').where('id', 'in', ids).execute();
  const users = await db
    .selectFrom('study_institute as si')
    .innerJoin('study_institute_user as siu', 'siu.study_institute_id', 'si.id')
    .innerJoin('app_user as u', 'u.id', 'siu.user_id')
    .select(['si.institute_id', (eb) => eb.fn.count<string>('u.id').distinct().as('n')])
    .where('si.institute_id', 'in', ids)
    .where('u.is_deleted', '=', false)
    .where('si.is_deleted', '=', false)
    .groupBy('si.institute_id')
    .execute();
  const patients = await db
    .selectFrom('study_institute as si')
    .innerJoin('study_patient as sp', 'sp.study_institute_id', 'si.id')
    .select(['si.institute_id', (eb) => eb.fn.count<string>('sp.id').as('n')])
    .where('si.institute_id', 'in', ids)
    .where('sp.is_deleted', '=', false)
    .groupBy('si.institute_id')
    .execute();
  const counts = new Map(users.map((row) => [row.institute_id, Number(row.n)]));
  const patientCounts = new Map(patients.map((row) => [row.institute_id, Number(row.n)]));
  return institutes.map(({ id }) => {
    const assignedUsersCount = counts.get(id) ?? 0;
    const studyPatientsCount = patientCounts.get(id) ?? 0;
    return { id, canBeDeleted: assignedUsersCount === 0 && studyPatientsCount === 0, assignedUsersCount, studyPatientsCount };
  });
}

/** A location as its audit rows show it: study, institute, deleted flag and the assigned users' ids. */
export async function findLocationState(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom('study_institute').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const users = await db
    .selectFrom('study_institute_user')
    .select('user_id')
    .where('study_institute_id', '=', id)
    .orderBy('user_id')
    .execute();
  return { studyId: row.study_id, instituteId: row.institute_id, isDeleted: row.is_deleted, userIds: users.map((u) => u.user_id) };
}

/** The location of the institute in the study, deleted or not. */
export async function findLocationOf(db: Kysely<DB>, studyId: string, instituteId: string) {
  return db
    .selectFrom('study_institute')
    .select(['id', 'is_deleted'])
    .where('study_id', '=', studyId)
    .where('institute_id', '=', instituteId)
    .executeTakeFirst();
}

/** The study of a location that is not deleted. */
export async function studyOfLocation(db: Kysely<DB>, studyInstituteId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('study_institute')
    .select('study_id')
    .where('id', '=', studyInstituteId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return row?.study_id;
}

export async function insertStudyInstitute(db: Kysely<DB>, location: { studyId: string; instituteId: string }): Promise<string> {
  const row = await db
    .insertInto('study_institute')
    .values({ study_id: location.studyId, institute_id: location.instituteId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setLocationDeleted(db: Kysely<DB>, id: string, deleted: boolean): Promise<void> {
  await db.updateTable('study_institute').set({ is_deleted: deleted }).where('id', '=', id).execute();
}

export type LocationHolder = { id: string; rights: ReadonlySet<string> };

/** The super right grants every right (ecrf-core.md §3), so it reaches every location without an assignment. */
export function reachesEveryLocation(caller: LocationHolder): boolean {
  return caller.rights.has(SUPER_RIGHT);
}

/** The filter of findStudyInstitutes for the caller's locations: the assigned ones, or every live one for the super right. */
export function myLocations(caller: LocationHolder): { userId?: string } {
  return reachesEveryLocation(caller) ? {} : { userId: caller.id };
}

/** Locations (study institutes) the caller documents at: the assigned ones, or every live one for the super right. */
export async function callerLocationIds(db: Kysely<DB>, caller: LocationHolder): Promise<string[]> {
  if (reachesEveryLocation(caller)) {
    const all = await db.selectFrom('study_institute').select('id').where('is_deleted', '=', false).execute();
    return all.map((r) => r.id);
  }
  const rows = await db.selectFrom('study_institute_user').select('study_institute_id').where('user_id', '=', caller.id).execute();
  return rows.map((r) => r.study_institute_id);
}

export async function insertLocationUsers(db: Kysely<DB>, assignments: readonly Insertable<StudyInstituteUserTable>[]): Promise<void> {
  if (assignments.length === 0) return;
  await db
    .insertInto('study_institute_user')
    .values([...assignments])
    .execute();
}

export async function deleteLocationUsers(db: Kysely<DB>, studyInstituteId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('study_institute_user')
    .where('study_institute_id', '=', studyInstituteId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/** How many of these user accounts exist (deleted ones included): a location's users must be accounts. */
export async function countAccounts(db: Kysely<DB>, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', [...userIds])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
