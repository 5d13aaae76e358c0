/**
 * For the services' least-privilege tests (issue 31 item 2): what a database login may do, asked of PostgreSQL itself.
 */
import { sql, type Kysely } from 'kysely';

class RolledBack extends Error {}

/** Runs `statement` in a transaction that is rolled back; answers PostgreSQL's refusal, or null when it ran. */
export async function refusalOf<DB>(db: Kysely<DB>, statement: string): Promise<string | null> {
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(statement).execute(trx);
      throw new RolledBack();
    });
  } catch (error) {
    if (error instanceof RolledBack) return null;
    return error instanceof Error ? error.message : String(error);
  }
  return null;
}

const TABLE_RIGHTS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'];

/** The rights the current login holds on each table of `schema`, in the order of TABLE_RIGHTS. */
export async function tableRightsOf<DB>(db: Kysely<DB>, schema: string): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ name: string; rights: string[] }>`
    SELECT c.relname AS name,
      array(SELECT r FROM unnest(${TABLE_RIGHTS}::text[]) WITH ORDINALITY AS t(r, i)
            WHERE has_table_privilege(current_user, c.oid, r) ORDER BY i) AS rights
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p')`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.rights]));
}

/** How many relations, in any schema, the current login owns or may act as the owner of. */
export async function ownedRelations<DB>(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM pg_class WHERE pg_has_role(current_user, relowner, 'USAGE')`.execute(db);
  return rows[0]?.count ?? 0;
}

/** The current login, whether it is a superuser, and whether it is a member of `role`. */
export async function loginOf<DB>(db: Kysely<DB>, role: string): Promise<{ login: string; superuser: boolean; member: boolean }> {
  const { rows } = await sql<{ login: string; superuser: boolean; member: boolean }>`
    SELECT current_user AS login, rolsuper AS superuser, pg_has_role(current_user, ${role}, 'MEMBER') AS member
    FROM pg_roles WHERE rolname = current_user`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('the current login is no role');
  return row;
}
