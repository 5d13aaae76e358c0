/** The queries of roles, rights and which role holds which right (tables role, app_right, role_right). */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

export type RoleFilter = { id?: string; identifiers?: string[] };

export async function findRoles(
  db: Kysely<DB>,
  filter: RoleFilter = {},
): Promise<{ id: string; identifier: string; displayName: string }[]> {
  let query = db.selectFrom('role').select(['id', 'identifier', 'display_name as displayName']).orderBy('identifier');
  if (filter.id) query = query.where('id', '=', filter.id);
  if (filter.identifiers) query = query.where('identifier', 'in', filter.identifiers);
  return query.execute();
}

export async function findRights(db: Kysely<DB>, filter: RoleFilter = {}): Promise<{ id: string; identifier: string }[]> {
  let query = db.selectFrom('app_right').select(['id', 'identifier']).orderBy('identifier');
  if (filter.id) query = query.where('id', '=', filter.id);
  if (filter.identifiers) query = query.where('identifier', 'in', filter.identifiers);
  return query.execute();
}

export async function findRightsOfRole(db: Kysely<DB>, roleId: string): Promise<{ id: string; identifier: string }[]> {
  return db
    .selectFrom('role_right as rr')
    .innerJoin('app_right as ar', 'ar.id', 'rr.right_id')
    .select(['ar.id', 'ar.identifier'])
    .where('rr.role_id', '=', roleId)
    .orderBy('ar.identifier')
    .execute();
}

/** Whether a role (or right) other than `exceptId` has the identifier. */
export async function identifierTaken(
  db: Kysely<DB>,
  table: 'role' | 'app_right',
  identifier: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('identifier', '=', identifier);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Kysely<DB>, role: { identifier: string; displayName: string }): Promise<string> {
  const row = await db
    .insertInto('role')
    .values({ identifier: role.identifier, display_name: role.displayName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRoleRow(db: Kysely<DB>, id: string, role: { identifier: string; displayName: string }): Promise<void> {
  await db.updateTable('role').set({ identifier: role.identifier, display_name: role.displayName }).where('id', '=', id).execute();
}

/** Deletes a role with its rights. */
export async function deleteRoleRow(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('role_right').where('role_id', '=', id).execute();
  await db.deleteFrom('role').where('id', '=', id).execute();
}

export async function roleIsHeld(db: Kysely<DB>, roleId: string): Promise<boolean> {
  return (await db.selectFrom('app_user').select('id').where('role_id', '=', roleId).executeTakeFirst()) !== undefined;
}

/** How many of the (distinct) ids name rights. */
export async function countRights(db: Kysely<DB>, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (
    await db
      .selectFrom('app_right')
      .select('id')
      .where('id', 'in', [...ids])
      .execute()
  ).length;
}

export async function insertRoleRights(db: Kysely<DB>, roleId: string, rightIds: readonly string[]): Promise<void> {
  if (rightIds.length === 0) return;
  await db
    .insertInto('role_right')
    .values(rightIds.map((right_id) => ({ role_id: roleId, right_id })))
    .execute();
}

/** The role holds exactly these rights afterwards. */
export async function replaceRoleRights(db: Kysely<DB>, roleId: string, rightIds: readonly string[]): Promise<void> {
  await db.deleteFrom('role_right').where('role_id', '=', roleId).execute();
  await insertRoleRights(db, roleId, rightIds);
}

export async function insertRight(db: Kysely<DB>, identifier: string): Promise<string> {
  const row = await db.insertInto('app_right').values({ identifier }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRightRow(db: Kysely<DB>, id: string, identifier: string): Promise<void> {
  await db.updateTable('app_right').set({ identifier }).where('id', '=', id).execute();
}

/** Deletes a right, taking it from every role. */
export async function deleteRightRow(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('role_right').where('right_id', '=', id).execute();
  await db.deleteFrom('app_right').where('id', '=', id).execute();
}
