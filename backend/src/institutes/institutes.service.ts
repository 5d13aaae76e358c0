/**
 * Institute and location (study institute) writes (ecrf-calls.md §7 StudyInstitute "generic", nms_system_api
 * ecrfInstitute delete/restore and ecrfStudyInstitute assignUser/removeUser). Identifier exactly 4 digits
 * ('4 Ziffern'), postal code 5 digits ('5 Ziffern'), phone digits and hyphen (ecrf-calls.md §5). An
 * institute can be deleted only while none of its locations has users or patients (canBeDeletedInfo).
 */
import type { Kysely } from 'kysely';
import { validateInstituteIdentifier, validateOptionalPhone, validatePostalCode, validateRequired, type FieldValidator } from '@ecrf/rules';
import type { DB } from '../db/schema.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { conflict, invalidFields, notFound } from '../errors/errors.js';
import { assertValid, fieldErrorsOf } from '../users/user-validation.js';
import { findInstitutes } from './institutes.sql.js';

export type InstituteInput = {
  identifier: string; displayName: string; isDigiNet: boolean;
  street?: string | null; postalCode?: string | null; city?: string | null; phone?: string | null;
};

const optional = (validator: FieldValidator): FieldValidator => (value) => (value === null || value === undefined || value === '' ? null : validator(value));

function instituteErrors(input: InstituteInput) {
  return fieldErrorsOf([
    ['identifier', input.identifier, [validateInstituteIdentifier]],
    ['displayName', input.displayName, [validateRequired]],
    ['postalCode', input.postalCode, [optional(validatePostalCode)]],
    ['phone', input.phone, [validateOptionalPhone]],
  ]);
}

async function instituteSnapshot(db: Kysely<DB>, id: string) {
  const [institute] = await findInstitutes(db, { ids: [id], includeDeleted: true });
  if (!institute) throw notFound('institute');
  return institute;
}

async function assertFreeIdentifier(db: Kysely<DB>, identifier: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom('institute').select('id').where('identifier', '=', identifier);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalidFields([{ field: 'identifier', message: `${identifier} ist bereits vergeben` }]);
}

const columns = (input: InstituteInput, additional: Record<string, unknown>) => ({
  identifier: input.identifier, display_name: input.displayName,
  additional_info: JSON.stringify({ ...additional, isDigiNet: input.isDigiNet }),
  street: input.street || null, postal_code: input.postalCode || null, city: input.city || null, phone: input.phone || null,
});

export async function createInstitute(db: Kysely<DB>, actor: AuditActor, input: InstituteInput): Promise<string> {
  assertValid(instituteErrors(input));
  return db.transaction().execute(async (trx) => {
    await assertFreeIdentifier(trx, input.identifier);
    const row = await trx.insertInto('institute').values(columns(input, {})).returning('id').executeTakeFirstOrThrow();
    await audit(trx, { actor, tableName: 'institute', recordId: row.id, operation: 'Create', newValue: await instituteSnapshot(trx, row.id) });
    return row.id;
  });
}

export async function updateInstitute(db: Kysely<DB>, actor: AuditActor, id: string, input: InstituteInput): Promise<void> {
  assertValid(instituteErrors(input));
  await db.transaction().execute(async (trx) => {
    const before = await instituteSnapshot(trx, id);
    await assertFreeIdentifier(trx, input.identifier, id);
    await trx.updateTable('institute').set(columns(input, before.additionalInfo)).where('id', '=', id).execute();
    await audit(trx, { actor, tableName: 'institute', recordId: id, operation: 'Update', oldValue: before, newValue: await instituteSnapshot(trx, id) });
  });
}

export type DeletionInfo = { id: string; canBeDeleted: boolean; assignedUsersCount: number; studyPatientsCount: number };

/** Whether an institute can be deleted: no active user is assigned to any of its locations and no patient is documented there. */
export async function instituteDeletionInfo(db: Kysely<DB>, ids: string[]): Promise<DeletionInfo[]> {
  if (ids.length === 0) return [];
  const institutes = await db.selectFrom('institute').select('id').where('id', 'in', ids).execute();
  const users = await db.selectFrom('study_institute as si')
    .innerJoin('study_institute_user as siu', 'siu.study_institute_id', 'si.id')
    .innerJoin('app_user as u', 'u.id', 'siu.user_id')
    .select(['si.institute_id', (eb) => eb.fn.count<string>('u.id').distinct().as('n')])
    .where('si.institute_id', 'in', ids).where('u.is_deleted', '=', false).where('si.is_deleted', '=', false)
    .groupBy('si.institute_id').execute();
  const patients = await db.selectFrom('study_institute as si')
    .innerJoin('study_patient as sp', 'sp.study_institute_id', 'si.id')
    .select(['si.institute_id', (eb) => eb.fn.count<string>('sp.id').as('n')])
    .where('si.institute_id', 'in', ids).where('sp.is_deleted', '=', false)
    .groupBy('si.institute_id').execute();
  const counts = new Map(users.map((row) => [row.institute_id, Number(row.n)]));
  const patientCounts = new Map(patients.map((row) => [row.institute_id, Number(row.n)]));
  return institutes.map(({ id }) => {
    const assignedUsersCount = counts.get(id) ?? 0;
    const studyPatientsCount = patientCounts.get(id) ?? 0;
    return { id, canBeDeleted: assignedUsersCount === 0 && studyPatientsCount === 0, assignedUsersCount, studyPatientsCount };
  });
}

async function setInstituteDeleted(db: Kysely<DB>, actor: AuditActor, id: string, deleted: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await instituteSnapshot(trx, id);
    if (before.isDeleted === deleted) return false;
    if (deleted) {
      const [info] = await instituteDeletionInfo(trx, [id]);
      if (!info?.canBeDeleted) throw conflict('institute has assigned users or patients');
    }
    await trx.updateTable('institute').set({ is_deleted: deleted }).where('id', '=', id).execute();
    await audit(trx, { actor, tableName: 'institute', recordId: id, operation: deleted ? 'Delete' : 'Update', oldValue: before, newValue: await instituteSnapshot(trx, id) });
    return true;
  });
}

export const deleteInstitute = (db: Kysely<DB>, actor: AuditActor, id: string) => setInstituteDeleted(db, actor, id, true);
export const restoreInstitute = (db: Kysely<DB>, actor: AuditActor, id: string) => setInstituteDeleted(db, actor, id, false);

async function locationSnapshot(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom('study_institute').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('study institute');
  const users = await db.selectFrom('study_institute_user').select('user_id').where('study_institute_id', '=', id).orderBy('user_id').execute();
  return { studyId: row.study_id, instituteId: row.institute_id, isDeleted: row.is_deleted, userIds: users.map((u) => u.user_id) };
}

export async function createStudyInstitute(db: Kysely<DB>, actor: AuditActor, input: { studyId: string; instituteId: string }): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const study = await trx.selectFrom('study').select('id').where('id', '=', input.studyId).executeTakeFirst();
    if (!study) throw invalidFields([{ field: 'studyId', message: 'Unbekannte Studie' }]);
    const institute = await trx.selectFrom('institute').select('id').where('id', '=', input.instituteId).executeTakeFirst();
    if (!institute) throw invalidFields([{ field: 'instituteId', message: 'Unbekanntes Zentrum' }]);
    const existing = await trx.selectFrom('study_institute').select(['id', 'is_deleted'])
      .where('study_id', '=', input.studyId).where('institute_id', '=', input.instituteId).executeTakeFirst();
    if (existing && !existing.is_deleted) throw conflict('the institute already takes part in the study');
    if (existing) {
      const before = await locationSnapshot(trx, existing.id);
      await trx.updateTable('study_institute').set({ is_deleted: false }).where('id', '=', existing.id).execute();
      await audit(trx, { actor, tableName: 'study_institute', recordId: existing.id, operation: 'Update', oldValue: before, newValue: await locationSnapshot(trx, existing.id) });
      return existing.id;
    }
    const row = await trx.insertInto('study_institute').values({ study_id: input.studyId, institute_id: input.instituteId }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, { actor, tableName: 'study_institute', recordId: row.id, operation: 'Create', newValue: await locationSnapshot(trx, row.id) });
    return row.id;
  });
}

async function assertUsers(trx: Kysely<DB>, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  const known = unique.length === 0 ? [] : await trx.selectFrom('app_user').select('id').where('id', 'in', unique).execute();
  if (known.length !== unique.length) throw invalidFields([{ field: 'userId', message: 'Unbekannter Nutzer' }]);
}

/** Makes the assigned users exactly `target` in one transaction; audited only when something changed. */
async function setUsers(db: Kysely<DB>, actor: AuditActor, id: string, target: (current: string[]) => string[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await locationSnapshot(trx, id);
    const wanted = [...new Set(target(before.userIds))];
    await assertUsers(trx, wanted);
    const added = wanted.filter((userId) => !before.userIds.includes(userId));
    const removed = before.userIds.filter((userId) => !wanted.includes(userId));
    if (added.length === 0 && removed.length === 0) return false;
    if (added.length > 0) await trx.insertInto('study_institute_user').values(added.map((user_id) => ({ study_institute_id: id, user_id }))).execute();
    if (removed.length > 0) await trx.deleteFrom('study_institute_user').where('study_institute_id', '=', id).where('user_id', 'in', removed).execute();
    await audit(trx, { actor, tableName: 'study_institute', recordId: id, operation: 'Update', oldValue: before, newValue: await locationSnapshot(trx, id) });
    return true;
  });
}

/** nms_system_api ecrfStudyInstitute/{id}/assignUser?userId; false when the user already was assigned. */
export async function assignUser(db: Kysely<DB>, actor: AuditActor, id: string, userId: string): Promise<boolean> {
  const user = await db.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw invalidFields([{ field: 'userId', message: 'Unbekannter Nutzer' }]);
  return setUsers(db, actor, id, (current) => [...current, userId]);
}

/** nms_system_api ecrfStudyInstitute/{id}/removeUser?userId; false when the user was not assigned. */
export const removeUser = (db: Kysely<DB>, actor: AuditActor, id: string, userId: string): Promise<boolean> =>
  setUsers(db, actor, id, (current) => current.filter((candidate) => candidate !== userId));

/** PUT StudyInstitute/{id}: the assigned users become exactly the given ones. */
export const replaceUsers = (db: Kysely<DB>, actor: AuditActor, id: string, userIds: string[]): Promise<boolean> =>
  setUsers(db, actor, id, () => userIds);

export async function deleteStudyInstitute(db: Kysely<DB>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await locationSnapshot(trx, id);
    if (before.isDeleted) return;
    await trx.updateTable('study_institute').set({ is_deleted: true }).where('id', '=', id).execute();
    await audit(trx, { actor, tableName: 'study_institute', recordId: id, operation: 'Delete', oldValue: before, newValue: await locationSnapshot(trx, id) });
  });
}
