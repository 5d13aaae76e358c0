/**
 * Institute and location (study institute) writes (ecrf-calls.md §7 StudyInstitute "generic", nms_system_api
 * ecrfInstitute delete/restore and ecrfStudyInstitute assignUser/removeUser). Identifier exactly 4 digits
 * ('4 Ziffern'), postal code 5 digits ('5 Ziffern'), phone digits and hyphen (ecrf-calls.md §5). An
 * institute can be deleted only while none of its locations has users or patients (canBeDeletedInfo).
 */
import type { Kysely } from 'kysely';
import { validateInstituteIdentifier, validateOptionalPhone, validatePostalCode, validateRequired, type FieldValidator } from '@ecrf/rules';
import type { DB } from '../__generated__/database.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { conflict, invalidFields, notFound } from '../errors/errors.js';
import { assertValid, fieldErrorsOf } from '../errors/field-checks.js';
import { findStudies } from '../studies/studies.sql.js';
import {
  countAccounts,
  deleteLocationUsers,
  findInstitutes,
  findLocationOf,
  findLocationState,
  insertInstitute,
  insertLocationUsers,
  insertStudyInstitute,
  instituteDeletionInfo,
  instituteIdentifierTaken,
  setLocationDeleted,
  updateInstituteRow,
} from './institutes.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

export type InstituteInput = {
  identifier: string;
  displayName: string;
  isDigiNet: boolean;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  phone?: string | null;
};

const optional =
  (validator: FieldValidator): FieldValidator =>
  (value) =>
    value === null || value === undefined || value === '' ? null : validator(value);

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
  if (await instituteIdentifierTaken(db, identifier, exceptId))
    throw invalidFields([{ field: 'identifier', message: `${identifier} ist bereits vergeben` }]);
}

const columns = (input: InstituteInput, additional: Record<string, unknown>) => ({
  identifier: input.identifier,
  display_name: input.displayName,
  additional_info: JSON.stringify({ ...additional, isDigiNet: input.isDigiNet }),
  street: input.street || null,
  postal_code: input.postalCode || null,
  city: input.city || null,
  phone: input.phone || null,
});

export async function createInstitute(db: Kysely<DB>, actor: AuditActor, input: InstituteInput): Promise<string> {
  assertValid(instituteErrors(input));
  return db.transaction().execute(async (trx) => {
    await assertFreeIdentifier(trx, input.identifier);
    const id = await insertInstitute(trx, columns(input, {}));
    await audit(trx, {
      actor,
      tableName: 'institute',
      recordId: id,
      operation: 'Create',
      newValue: await instituteSnapshot(trx, id),
    });
    return id;
  });
}

export async function updateInstitute(db: Kysely<DB>, actor: AuditActor, id: string, input: InstituteInput): Promise<void> {
  assertValid(instituteErrors(input));
  await db.transaction().execute(async (trx) => {
    const before = await instituteSnapshot(trx, id);
    await assertFreeIdentifier(trx, input.identifier, id);
    await updateInstituteRow(trx, id, columns(input, before.additionalInfo));
    await audit(trx, {
      actor,
      tableName: 'institute',
      recordId: id,
      operation: 'Update',
      oldValue: before,
      newValue: await instituteSnapshot(trx, id),
    });
  });
}

async function setInstituteDeleted(db: Kysely<DB>, actor: AuditActor, id: string, deleted: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await instituteSnapshot(trx, id);
    if (before.isDeleted === deleted) return false;
    if (deleted) {
      const [info] = await instituteDeletionInfo(trx, [id]);
      if (!info?.canBeDeleted) throw conflict(CONFLICT_MESSAGES.instituteInUse);
    }
    await updateInstituteRow(trx, id, { is_deleted: deleted });
    await audit(trx, {
      actor,
      tableName: 'institute',
      recordId: id,
      operation: deleted ? 'Delete' : 'Update',
      oldValue: before,
      newValue: await instituteSnapshot(trx, id),
    });
    return true;
  });
}

export const deleteInstitute = (db: Kysely<DB>, actor: AuditActor, id: string) => setInstituteDeleted(db, actor, id, true);
export const restoreInstitute = (db: Kysely<DB>, actor: AuditActor, id: string) => setInstituteDeleted(db, actor, id, false);

async function locationSnapshot(db: Kysely<DB>, id: string) {
  const location = await findLocationState(db, id);
  if (!location) throw notFound('study institute');
  return location;
}

export async function createStudyInstitute(
  db: Kysely<DB>,
  actor: AuditActor,
  input: { studyId: string; instituteId: string },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const [study] = await findStudies(trx, { id: input.studyId, includeDeleted: true });
    if (!study) throw invalidFields([{ field: 'studyId', message: 'Unbekannte Studie' }]);
    const [institute] = await findInstitutes(trx, { ids: [input.instituteId], includeDeleted: true });
    if (!institute) throw invalidFields([{ field: 'instituteId', message: 'Unbekanntes Zentrum' }]);
    const existing = await findLocationOf(trx, input.studyId, input.instituteId);
    if (existing && !existing.is_deleted) throw conflict(CONFLICT_MESSAGES.instituteInStudy);
    if (existing) {
      const before = await locationSnapshot(trx, existing.id);
      await setLocationDeleted(trx, existing.id, false);
      await audit(trx, {
        actor,
        tableName: 'study_institute',
        recordId: existing.id,
        operation: 'Update',
        oldValue: before,
        newValue: await locationSnapshot(trx, existing.id),
      });
      return existing.id;
    }
    const id = await insertStudyInstitute(trx, input);
    await audit(trx, {
      actor,
      tableName: 'study_institute',
      recordId: id,
      operation: 'Create',
      newValue: await locationSnapshot(trx, id),
    });
    return id;
  });
}

async function assertUsers(trx: Kysely<DB>, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if ((await countAccounts(trx, unique)) !== unique.length) throw invalidFields([{ field: 'userId', message: 'Unbekannter Nutzer' }]);
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
    await insertLocationUsers(
      trx,
      added.map((user_id) => ({ study_institute_id: id, user_id })),
    );
    await deleteLocationUsers(trx, id, removed);
    await audit(trx, {
      actor,
      tableName: 'study_institute',
      recordId: id,
      operation: 'Update',
      oldValue: before,
      newValue: await locationSnapshot(trx, id),
    });
    return true;
  });
}

/** nms_system_api ecrfStudyInstitute/{id}/assignUser?userId; false when the user already was assigned. */
export async function assignUser(db: Kysely<DB>, actor: AuditActor, id: string, userId: string): Promise<boolean> {
  if ((await countAccounts(db, [userId])) === 0) throw invalidFields([{ field: 'userId', message: 'Unbekannter Nutzer' }]);
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
    await setLocationDeleted(trx, id, true);
    await audit(trx, {
      actor,
      tableName: 'study_institute',
      recordId: id,
      operation: 'Delete',
      oldValue: before,
      newValue: await locationSnapshot(trx, id),
    });
  });
}
