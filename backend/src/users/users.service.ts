/**
 * User administration writes (ecrf-core.md §4, §7; ecrf-calls.md §7 User): create with person data,
 * update, delete and restore, activate and deactivate, administrator password. Each write and its audit
 * row (old and new value) commit in one transaction. A deleted or deactivated user's refresh tokens are
 * revoked so no session outlives the change (route-access refuses their access tokens at once).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { JsonObject } from '../db/json-columns.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { hashPassword } from '../credentials/password-hash.js';
import { EcrfError, conflict, invalidFields, notFound } from '../errors/errors.js';
import { revokeRefreshTokens } from '../credentials/auth.sql.js';
import { insertLocationUsers } from '../institutes/institutes.sql.js';
import { findRoles } from '../roles/roles.sql.js';
import { assertValid } from '../errors/field-checks.js';
import { administratorPasswordErrors, userFieldErrors, type PersonDataInput } from './user-validation.js';
import { findPasswordState, findUsers, insertUser, updateUserRow } from './users.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

export type CreateUserInput = {
  userName: string;
  displayName: string;
  emailAddress?: string | null;
  roleId: string;
  password: string;
  personData?: PersonDataInput | null;
  studyInstituteIds?: string[];
};
export type UpdateUserInput = {
  displayName: string;
  emailAddress?: string | null;
  roleId: string;
  personData?: PersonDataInput | null;
  /** Changed only when it differs from the stored state (ecrf-core.md §4 "User activation"). */
  isDeactivated?: boolean;
};

type Snapshot = JsonObject & { isDeactivated: boolean; isDeleted: boolean };

async function snapshot(db: Kysely<DB>, id: string): Promise<Snapshot> {
  const [user] = await findUsers(db, { id, includeDeleted: true });
  if (!user) throw notFound('user');
  return {
    userName: user.userName,
    displayName: user.displayName,
    emailAddress: user.emailAddress,
    roleId: user.role.id,
    role: user.role.identifier,
    personData: user.personData,
    isDeactivated: user.isDeactivated,
    isDeleted: user.isDeleted,
  };
}

async function assertRole(db: Kysely<DB>, roleId: string): Promise<void> {
  const [role] = await findRoles(db, { id: roleId });
  if (!role) throw invalidFields([{ field: 'roleId', message: 'Unbekannte Rolle' }]);
}

async function assertFreeUserName(db: Kysely<DB>, userName: string): Promise<void> {
  const [taken] = await findUsers(db, { userName, includeDeleted: true });
  if (taken) throw conflict(CONFLICT_MESSAGES.userNameTaken(userName));
}

const personJson = (personData: PersonDataInput | null | undefined): string | null => (personData ? JSON.stringify(personData) : null);

export async function createUser(db: Kysely<DB>, actor: AuditActor, input: CreateUserInput): Promise<string> {
  assertValid([...userFieldErrors(input), ...administratorPasswordErrors('password', input.password)]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    await assertRole(trx, input.roleId);
    await assertFreeUserName(trx, input.userName);
    const id = await insertUser(trx, {
      user_name: input.userName,
      display_name: input.displayName,
      email_address: input.emailAddress || null,
      role_id: input.roleId,
      person_data: personJson(input.personData),
      password_hash: passwordHash,
    });
    const locations = [...new Set(input.studyInstituteIds ?? [])];
    await insertLocationUsers(
      trx,
      locations.map((location) => ({ study_institute_id: location, user_id: id })),
    );
    await audit(trx, {
      actor,
      tableName: 'app_user',
      recordId: id,
      operation: 'Create',
      newValue: { ...(await snapshot(trx, id)), studyInstituteIds: locations },
    });
    return id;
  });
}

export async function updateUser(db: Kysely<DB>, actor: AuditActor, id: string, input: UpdateUserInput): Promise<void> {
  assertValid(userFieldErrors(input));
  await db.transaction().execute(async (trx) => {
    const before = await snapshot(trx, id);
    await assertRole(trx, input.roleId);
    const deactivate = input.isDeactivated !== undefined && input.isDeactivated !== before.isDeactivated ? input.isDeactivated : undefined;
    await updateUserRow(trx, id, {
      display_name: input.displayName,
      email_address: input.emailAddress || null,
      role_id: input.roleId,
      person_data: personJson(input.personData),
      ...(deactivate === undefined ? {} : { is_deactivated: deactivate }),
    });
    if (deactivate) await revokeRefreshTokens(trx, 'user_id', id);
    const after = await snapshot(trx, id);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await audit(trx, { actor, tableName: 'app_user', recordId: id, operation: 'Update', oldValue: before, newValue: after });
    }
  });
}

type StateChange = { column: 'is_deactivated' | 'is_deleted'; value: boolean };

/** Sets one state flag; returns false (and writes nothing) when the user is already in that state. */
async function changeState(db: Kysely<DB>, actor: AuditActor, id: string, change: StateChange): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await snapshot(trx, id);
    const current = change.column === 'is_deleted' ? before.isDeleted : before.isDeactivated;
    if (current === change.value) return false;
    await updateUserRow(trx, id, { [change.column]: change.value });
    if (change.value) await revokeRefreshTokens(trx, 'user_id', id);
    const operation = change.column === 'is_deleted' && change.value ? 'Delete' : 'Update';
    await audit(trx, { actor, tableName: 'app_user', recordId: id, operation, oldValue: before, newValue: await snapshot(trx, id) });
    return true;
  });
}

export const activateUser = (db: Kysely<DB>, actor: AuditActor, id: string) =>
  changeState(db, actor, id, { column: 'is_deactivated', value: false });
export const deactivateUser = (db: Kysely<DB>, actor: AuditActor, id: string) =>
  changeState(db, actor, id, { column: 'is_deactivated', value: true });
export const deleteUser = (db: Kysely<DB>, actor: AuditActor, id: string) =>
  changeState(db, actor, id, { column: 'is_deleted', value: true });
export const restoreUser = (db: Kysely<DB>, actor: AuditActor, id: string) =>
  changeState(db, actor, id, { column: 'is_deleted', value: false });

/** PUT User/{userId}/password: an administrator sets a password (administrator policy, ecrf-calls.md §5). */
export async function setUserPassword(db: Kysely<DB>, actor: AuditActor, id: string, newPassword: string): Promise<void> {
  const weak = administratorPasswordErrors('newPasswordString', newPassword).map((e) => e.message);
  if (weak.length > 0) throw new EcrfError('ECRF_ERR_WEAK_PASSWORD', weak.join(', '), { messages: weak });
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    const before = await findPasswordState(trx, id);
    if (!before) throw notFound('user');
    await updateUserRow(trx, id, {
      password_hash: passwordHash,
      failed_sign_in_count: 0,
      locked_until: null,
      password_changed_at: new Date(),
    });
    await revokeRefreshTokens(trx, 'user_id', id);
    await audit(trx, {
      actor,
      tableName: 'app_user',
      recordId: id,
      operation: 'Update',
      event: 'PasswordSetByAdministrator',
      oldValue: {
        passwordHash: before.password_hash,
        failedSignInCount: before.failed_sign_in_count,
        lockedUntil: before.locked_until?.toISOString() ?? null,
      },
      newValue: { passwordHash, failedSignInCount: 0, lockedUntil: null },
    });
  });
}
