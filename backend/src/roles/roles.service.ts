/**
 * Role and Right writes (ecrf-core.md §7 "roles (… create, update, delete); rights (… create, update
 * {id})"). Rights of the catalogue guard the routes by name, so they cannot be renamed or deleted (409);
 * a role still held by a user cannot be deleted (409). Every write is audited with old and new value.
 */
import type { Kysely } from 'kysely';
import { allRightNames, validateIdentifier, validateRequired } from '@ecrf/rules';
import type { DB } from '../__generated__/database.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { conflict, invalidFields, notFound } from '../errors/errors.js';
import { assertValid, fieldErrorsOf } from '../errors/field-checks.js';
import {
  countRights,
  deleteRightRow,
  deleteRoleRow,
  findRights,
  findRightsOfRole,
  findRoles,
  identifierTaken,
  insertRight,
  insertRole,
  replaceRoleRights,
  roleIsHeld,
  updateRightRow,
  updateRoleRow,
} from './roles.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

export type RoleInput = { identifier: string; displayName: string; rightIds?: string[] };

async function roleSnapshot(db: Kysely<DB>, id: string) {
  const [role] = await findRoles(db, { id });
  if (!role) throw notFound('role');
  const rights = await findRightsOfRole(db, id);
  return { identifier: role.identifier, displayName: role.displayName, rights: rights.map((r) => r.identifier) };
}

async function assertFree(db: Kysely<DB>, table: 'role' | 'app_right', identifier: string, exceptId?: string): Promise<void> {
  if (await identifierTaken(db, table, identifier, exceptId)) throw conflict(`${identifier} exists`);
}

async function setRoleRights(trx: Kysely<DB>, roleId: string, rightIds: string[]): Promise<void> {
  const ids = [...new Set(rightIds)];
  if ((await countRights(trx, ids)) !== ids.length) throw invalidFields([{ field: 'rightIds', message: 'Unbekanntes Recht' }]);
  await replaceRoleRights(trx, roleId, ids);
}

const identifierErrors = (input: { identifier: string; displayName?: string }) =>
  fieldErrorsOf([
    ['identifier', input.identifier, [validateRequired, validateIdentifier]],
    ...(input.displayName === undefined
      ? []
      : [['displayName', input.displayName, [validateRequired]] as [string, string, (typeof validateRequired)[]]]),
  ]);

export async function createRole(db: Kysely<DB>, actor: AuditActor, input: RoleInput): Promise<string> {
  assertValid(identifierErrors(input));
  return db.transaction().execute(async (trx) => {
    await assertFree(trx, 'role', input.identifier);
    const id = await insertRole(trx, input);
    await setRoleRights(trx, id, input.rightIds ?? []);
    await audit(trx, { actor, tableName: 'role', recordId: id, operation: 'Create', newValue: await roleSnapshot(trx, id) });
    return id;
  });
}

export async function updateRole(db: Kysely<DB>, actor: AuditActor, id: string, input: RoleInput): Promise<void> {
  assertValid(identifierErrors(input));
  await db.transaction().execute(async (trx) => {
    const before = await roleSnapshot(trx, id);
    await assertFree(trx, 'role', input.identifier, id);
    await updateRoleRow(trx, id, input);
    if (input.rightIds) await setRoleRights(trx, id, input.rightIds);
    await audit(trx, {
      actor,
      tableName: 'role',
      recordId: id,
      operation: 'Update',
      oldValue: before,
      newValue: await roleSnapshot(trx, id),
    });
  });
}

export async function deleteRole(db: Kysely<DB>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await roleSnapshot(trx, id);
    if (await roleIsHeld(trx, id)) throw conflict(CONFLICT_MESSAGES.roleHeld);
    await deleteRoleRow(trx, id);
    await audit(trx, { actor, tableName: 'role', recordId: id, operation: 'Delete', oldValue: before });
  });
}

const catalogueNames: ReadonlySet<string> = new Set(allRightNames);

async function rightSnapshot(db: Kysely<DB>, id: string) {
  const [right] = await findRights(db, { id });
  if (!right) throw notFound('right');
  return { identifier: right.identifier };
}

export async function createRight(db: Kysely<DB>, actor: AuditActor, identifier: string): Promise<string> {
  assertValid(identifierErrors({ identifier }));
  return db.transaction().execute(async (trx) => {
    await assertFree(trx, 'app_right', identifier);
    const id = await insertRight(trx, identifier);
    await audit(trx, { actor, tableName: 'app_right', recordId: id, operation: 'Create', newValue: { identifier } });
    return id;
  });
}

export async function updateRight(db: Kysely<DB>, actor: AuditActor, id: string, identifier: string): Promise<void> {
  assertValid(identifierErrors({ identifier }));
  await db.transaction().execute(async (trx) => {
    const before = await rightSnapshot(trx, id);
    if (catalogueNames.has(before.identifier) && before.identifier !== identifier) throw conflict(CONFLICT_MESSAGES.catalogueRightRenamed);
    await assertFree(trx, 'app_right', identifier, id);
    await updateRightRow(trx, id, identifier);
    await audit(trx, { actor, tableName: 'app_right', recordId: id, operation: 'Update', oldValue: before, newValue: { identifier } });
  });
}

export async function deleteRight(db: Kysely<DB>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await rightSnapshot(trx, id);
    if (catalogueNames.has(before.identifier)) throw conflict(CONFLICT_MESSAGES.catalogueRightDeleted);
    await deleteRightRow(trx, id);
    await audit(trx, { actor, tableName: 'app_right', recordId: id, operation: 'Delete', oldValue: before });
  });
}
