/**
 * Role and Right writes (ecrf-core.md §7 "roles (… create, update, delete); rights (… create, update
 * {id})"). Rights of the catalogue guard the routes by name, so they cannot be renamed or deleted (409);
 * a role still held by a user cannot be deleted (409). Every write is audited with old and new value.
 */
import type { Kysely } from 'kysely';
import { validateIdentifier, validateRequired } from '@ecrf/rules';
import type { DB } from '../db/schema.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { conflict, invalidFields, notFound } from '../errors/errors.js';
import { allRightNames } from '../rights/rights.catalogue.js';
import { assertValid, fieldErrorsOf } from '../users/user-validation.js';

export type RoleInput = { identifier: string; displayName: string; rightIds?: string[] };

async function roleSnapshot(db: Kysely<DB>, id: string) {
  const role = await db.selectFrom('role').select(['identifier', 'display_name']).where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound('role');
  const rights = await db.selectFrom('role_right as rr').innerJoin('app_right as a', 'a.id', 'rr.right_id')
    .select('a.identifier').where('rr.role_id', '=', id).orderBy('a.identifier').execute();
  return { identifier: role.identifier, displayName: role.display_name, rights: rights.map((r) => r.identifier) };
}

async function assertFree(db: Kysely<DB>, table: 'role' | 'app_right', identifier: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom(table).select('id').where('identifier', '=', identifier);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(`${identifier} exists`);
}

async function setRoleRights(trx: Kysely<DB>, roleId: string, rightIds: string[]): Promise<void> {
  const ids = [...new Set(rightIds)];
  const known = ids.length === 0 ? [] : await trx.selectFrom('app_right').select('id').where('id', 'in', ids).execute();
  if (known.length !== ids.length) throw invalidFields([{ field: 'rightIds', message: 'Unbekanntes Recht' }]);
  await trx.deleteFrom('role_right').where('role_id', '=', roleId).execute();
  if (ids.length > 0) await trx.insertInto('role_right').values(ids.map((right_id) => ({ role_id: roleId, right_id }))).execute();
}

const identifierErrors = (input: { identifier: string; displayName?: string }) => fieldErrorsOf([
  ['identifier', input.identifier, [validateRequired, validateIdentifier]],
  ...(input.displayName === undefined ? [] : [['displayName', input.displayName, [validateRequired]] as [string, string, typeof validateRequired[]]]),
]);

export async function createRole(db: Kysely<DB>, actor: AuditActor, input: RoleInput): Promise<string> {
  assertValid(identifierErrors(input));
  return db.transaction().execute(async (trx) => {
    await assertFree(trx, 'role', input.identifier);
    const row = await trx.insertInto('role').values({ identifier: input.identifier, display_name: input.displayName }).returning('id').executeTakeFirstOrThrow();
    await setRoleRights(trx, row.id, input.rightIds ?? []);
    await audit(trx, { actor, tableName: 'role', recordId: row.id, operation: 'Create', newValue: await roleSnapshot(trx, row.id) });
    return row.id;
  });
}

export async function updateRole(db: Kysely<DB>, actor: AuditActor, id: string, input: RoleInput): Promise<void> {
  assertValid(identifierErrors(input));
  await db.transaction().execute(async (trx) => {
    const before = await roleSnapshot(trx, id);
    await assertFree(trx, 'role', input.identifier, id);
    await trx.updateTable('role').set({ identifier: input.identifier, display_name: input.displayName }).where('id', '=', id).execute();
    if (input.rightIds) await setRoleRights(trx, id, input.rightIds);
    await audit(trx, { actor, tableName: 'role', recordId: id, operation: 'Update', oldValue: before, newValue: await roleSnapshot(trx, id) });
  });
}

export async function deleteRole(db: Kysely<DB>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await roleSnapshot(trx, id);
    const holder = await trx.selectFrom('app_user').select('id').where('role_id', '=', id).executeTakeFirst();
    if (holder) throw conflict('role is held by users');
    await trx.deleteFrom('role_right').where('role_id', '=', id).execute();
    await trx.deleteFrom('role').where('id', '=', id).execute();
    await audit(trx, { actor, tableName: 'role', recordId: id, operation: 'Delete', oldValue: before });
  });
}

const catalogueNames: ReadonlySet<string> = new Set(allRightNames);

async function rightSnapshot(db: Kysely<DB>, id: string) {
  const right = await db.selectFrom('app_right').select('identifier').where('id', '=', id).executeTakeFirst();
  if (!right) throw notFound('right');
  return { identifier: right.identifier };
}

export async function createRight(db: Kysely<DB>, actor: AuditActor, identifier: string): Promise<string> {
  assertValid(identifierErrors({ identifier }));
  return db.transaction().execute(async (trx) => {
    await assertFree(trx, 'app_right', identifier);
    const row = await trx.insertInto('app_right').values({ identifier }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, { actor, tableName: 'app_right', recordId: row.id, operation: 'Create', newValue: { identifier } });
    return row.id;
  });
}

export async function updateRight(db: Kysely<DB>, actor: AuditActor, id: string, identifier: string): Promise<void> {
  assertValid(identifierErrors({ identifier }));
  await db.transaction().execute(async (trx) => {
    const before = await rightSnapshot(trx, id);
    if (catalogueNames.has(before.identifier) && before.identifier !== identifier) throw conflict('rights of the catalogue guard calls by name and cannot be renamed');
    await assertFree(trx, 'app_right', identifier, id);
    await trx.updateTable('app_right').set({ identifier }).where('id', '=', id).execute();
    await audit(trx, { actor, tableName: 'app_right', recordId: id, operation: 'Update', oldValue: before, newValue: { identifier } });
  });
}

export async function deleteRight(db: Kysely<DB>, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await rightSnapshot(trx, id);
    if (catalogueNames.has(before.identifier)) throw conflict('rights of the catalogue guard calls by name and cannot be deleted');
    await trx.deleteFrom('role_right').where('right_id', '=', id).execute();
    await trx.deleteFrom('app_right').where('id', '=', id).execute();
    await audit(trx, { actor, tableName: 'app_right', recordId: id, operation: 'Delete', oldValue: before });
  });
}
