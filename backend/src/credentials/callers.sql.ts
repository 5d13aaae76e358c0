/** Who calls: the account behind an access token, read by every authenticated request (http/route-access.ts). */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

/** The active account with its role and the role's rights, in one query: every authenticated request reads it. */
export async function findActiveCaller(
  db: Kysely<DB>,
  id: string,
): Promise<{ id: string; userName: string; roleId: string; roleIdentifier: string; rights: string[] } | undefined> {
  const caller = await db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.user_name as userName', 'r.id as roleId', 'r.identifier as roleIdentifier'])
    .select(
      // json, not text[]: pg parses a PostgreSQL array literal of a role's hundred rights in JavaScript, slower than the
      // query; JSON.parse is native.
      sql<
        string[] | null
      >`(select json_agg(ar.identifier) from role_right rr join app_right ar on ar.id = rr.right_id where rr.role_id = r.id)`.as('rights'),
    )
    .where('u.id', '=', id)
    .where('u.is_deactivated', '=', false)
    .where('u.is_deleted', '=', false)
    .executeTakeFirst();
  return caller && { ...caller, rights: caller.rights ?? [] };
}
