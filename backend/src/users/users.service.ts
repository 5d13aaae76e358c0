/**
 * User administration writes (ecrf-core.md §4, §7; ecrf-calls.md §7 User): create with person data,
 * update, delete and restore, activate and deactivate, administrator password. Each write and its audit
 * row (old and new value) commit in one transaction. A deleted or deactivated user's refresh tokens are
 * revoked so no session outlives the change (route-access refuses their access tokens at once).
 */
import type { Kysely } from 'kysely';
import type { DB, JsonObject } from '../db/schema.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { hashPassword } from '../auth/password-hash.js';
import { EcrfError, conflict, invalidFields, notFound } from '../errors/errors.js';
import { administratorPasswordErrors, assertValid, userFieldErrors, type PersonDataInput } from './user-validation.js';

export type CreateUserInput = {
  userName: string; displayName: string; emailAddress?: string | null; roleId: string; password: string;
  personData?: PersonDataInput | null; studyInstituteIds?: string[];
};
export type UpdateUserInput = {
  displayName: string; emailAddress?: string | null; roleId: string; personData?: PersonDataInput | null;
  /** Changed only when it differs from the stored state (ecrf-core.md §4 "User activation"). */
  isDeactivated?: boolean;
};

type Snapshot = JsonObject & { isDeactivated: boolean; isDeleted: boolean };

async function snapshot(db: Kysely<DB>, id: string): Promise<Snapshot> {
  const row = await db.selectFrom('app_user as u').innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.user_name', 'u.display_name', 'u.email_address', 'u.role_id', 'r.identifier', 'u.person_data', 'u.is_deactivated', 'u.is_deleted'])
    .where('u.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('user');
  return {
    userName: row.user_name, displayName: row.display_name, emailAddress: row.email_address, roleId: row.role_id,
    role: row.identifier, personData: row.person_data, isDeactivated: row.is_deactivated, isDeleted: row.is_deleted,
  };
}

async function assertRole(db: Kysely<DB>, roleId: string): Promise<void> {
  const role = await db.selectFrom('role').select('id').where('id', '=', roleId).executeTakeFirst();
  if (!role) throw invalidFields([{ field: 'roleId', message: 'Unbekannte Rolle' }]);
}

async function assertFreeUserName(db: Kysely<DB>, userName: string): Promise<void> {
  const taken = await db.selectFrom('app_user').select('id')
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', userName.toLowerCase())).executeTakeFirst();
  if (taken) throw conflict(`user name ${userName} is taken`);
}

const personJson = (personData: PersonDataInput | null | undefined): string | null =>
  personData ? JSON.stringify(personData) : null;

export async function createUser(db: Kysely<DB>, actor: AuditActor, input: CreateUserInput): Promise<string> {
  assertValid([...userFieldErrors(input), ...administratorPasswordErrors('password', input.password)]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    await assertRole(trx, input.roleId);
    await assertFreeUserName(trx, input.userName);
    const row = await trx.insertInto('app_user').values({
      user_name: input.userName, display_name: input.displayName, email_address: input.emailAddress || null,
      role_id: input.roleId, person_data: personJson(input.personData), password_hash: passwordHash,
    }).returning('id').executeTakeFirstOrThrow();
    const locations = [...new Set(input.studyInstituteIds ?? [])];
    if (locations.length > 0) {
      await trx.insertInto('study_institute_user').values(locations.map((id) => ({ study_institute_id: id, user_id: row.id }))).execute();
    }
    await audit(trx, { actor, tableName: 'app_user', recordId: row.id, operation: 'Create', newValue: { ...(await snapshot(trx, row.id)), studyInstituteIds: locations } });
    return row.id;
  });
}

export async function updateUser(db: Kysely<DB>, actor: AuditActor, id: string, input: UpdateUserInput): Promise<void> {
  assertValid(userFieldErrors(input));
  await db.transaction().execute(async (trx) => {
    const before = await snapshot(trx, id);
    await assertRole(trx, input.roleId);
    const deactivate = input.isDeactivated !== undefined && input.isDeactivated !== before.isDeactivated ? input.isDeactivated : undefined;
    await trx.updateTable('app_user').set({
      display_name: input.displayName, email_address: input.emailAddress || null, role_id: input.roleId,
      person_data: personJson(input.personData), ...(deactivate === undefined ? {} : { is_deactivated: deactivate }),
    }).where('id', '=', id).execute();
    if (deactivate) await revokeSessions(trx, id);
    const after = await snapshot(trx, id);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await audit(trx, { actor, tableName: 'app_user', recordId: id, operation: 'Update', oldValue: before, newValue: after });
    }
  });
}

async function revokeSessions(trx: Kysely<DB>, userId: string): Promise<void> {
  await trx.updateTable('refresh_token').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

type StateChange = { column: 'is_deactivated' | 'is_deleted'; value: boolean };

/** Sets one state flag; returns false (and writes nothing) when the user is already in that state. */
async function changeState(db: Kysely<DB>, actor: AuditActor, id: string, change: StateChange): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await snapshot(trx, id);
    const current = change.column === 'is_deleted' ? before.isDeleted : before.isDeactivated;
    if (current === change.value) return false;
    await trx.updateTable('app_user').set({ [change.column]: change.value }).where('id', '=', id).execute();
    if (change.value) await revokeSessions(trx, id);
    const operation = change.column === 'is_deleted' && change.value ? 'Delete' : 'Update';
    await audit(trx, { actor, tableName: 'app_user', recordId: id, operation, oldValue: before, newValue: await snapshot(trx, id) });
    return true;
  });
}

export const activateUser = (db: Kysely<DB>, actor: AuditActor, id: string) => changeState(db, actor, id, { column: 'is_deactivated', value: false });
export const deactivateUser = (db: Kysely<DB>, actor: AuditActor, id: string) => changeState(db, actor, id, { column: 'is_deactivated', value: true });
export const deleteUser = (db: Kysely<DB>, actor: AuditActor, id: string) => changeState(db, actor, id, { column: 'is_deleted', value: true });
export const restoreUser = (db: Kysely<DB>, actor: AuditActor, id: string) => changeState(db, actor, id, { column: 'is_deleted', value: false });

/** PUT User/{userId}/password: an administrator sets a password (administrator policy, ecrf-calls.md §5). */
export async function setUserPassword(db: Kysely<DB>, actor: AuditActor, id: string, newPassword: string): Promise<void> {
  const weak = administratorPasswordErrors('newPasswordString', newPassword).map((e) => e.message);
  if (weak.length > 0) throw new EcrfError('ECRF_ERR_WEAK_PASSWORD', weak.join(', '), { messages: weak });
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('app_user').select(['password_hash', 'failed_sign_in_count', 'locked_until']).where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound('user');
    await trx.updateTable('app_user').set({ password_hash: passwordHash, failed_sign_in_count: 0, locked_until: null, password_changed_at: new Date() }).where('id', '=', id).execute();
    await revokeSessions(trx, id);
    await audit(trx, {
      actor, tableName: 'app_user', recordId: id, operation: 'Update', event: 'PasswordSetByAdministrator',
      oldValue: { passwordHash: before.password_hash, failedSignInCount: before.failed_sign_in_count, lockedUntil: before.locked_until?.toISOString() ?? null },
      newValue: { passwordHash, failedSignInCount: 0, lockedUntil: null },
    });
  });
}
