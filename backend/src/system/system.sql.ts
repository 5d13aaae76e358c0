/** The database facts GET assemblies reports. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

export type DatabaseVersions = { serverVersion: string; schemaVersion: string | null };

/** The PostgreSQL server version and the newest applied migration file (backend/src/db/migrate.ts). */
export async function databaseVersions(db: Kysely<DB>): Promise<DatabaseVersions> {
  const server = await sql<{ server_version: string }>`SHOW server_version`.execute(db);
  const migration = await sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name DESC LIMIT 1`.execute(db);
  return { serverVersion: server.rows[0]?.server_version ?? '', schemaVersion: migration.rows[0]?.name ?? null };
}
