/** Reads of users with their role, shaped as the API's User. */
import type { Kysely } from 'kysely';
import type { DB, JsonObject } from '../db/schema.js';
import type { UserDto } from './users.schemas.js';

type UserFilter = { ids?: string[]; includeDeleted?: boolean; id?: string; userName?: string };

function userQuery(db: Kysely<DB>) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select([
      'u.id', 'u.user_name', 'u.display_name', 'u.email_address', 'u.person_data', 'u.is_deactivated', 'u.is_deleted',
      'r.id as role_id', 'r.identifier as role_identifier', 'r.display_name as role_display_name',
    ]);
}

type UserQueryRow = {
  id: string; user_name: string; display_name: string; email_address: string | null; person_data: JsonObject | null;
  is_deactivated: boolean; is_deleted: boolean; role_id: string; role_identifier: string; role_display_name: string;
};

function toUser(row: UserQueryRow): UserDto {
  return {
    id: row.id,
    userName: row.user_name,
    displayName: row.display_name,
    emailAddress: row.email_address,
    role: { id: row.role_id, identifier: row.role_identifier, displayName: row.role_display_name },
    personData: row.person_data,
    isDeactivated: row.is_deactivated,
    isDeleted: row.is_deleted,
  };
}

export async function findUsers(db: Kysely<DB>, filter: UserFilter = {}): Promise<UserDto[]> {
  if (filter.ids?.length === 0) return [];
  let query = userQuery(db).orderBy('u.user_name');
  if (filter.ids) query = query.where('u.id', 'in', filter.ids);
  if (filter.id) query = query.where('u.id', '=', filter.id);
  if (filter.userName !== undefined) {
    const name = filter.userName.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['u.user_name']), '=', name));
  }
  if (!filter.includeDeleted) query = query.where('u.is_deleted', '=', false);
  const rows = await query.execute();
  return rows.map(toUser);
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findRightsOfRole(db: Kysely<DB>, roleId: string): Promise<Array<{ id: string; identifier: string }>> {
  return db
    .selectFrom('role_right as rr')
    .innerJoin('app_right as ar', 'ar.id', 'rr.right_id')
    .select(['ar.id', 'ar.identifier'])
    .where('rr.role_id', '=', roleId)
    .orderBy('ar.identifier')
    .execute();
}
