/**
 * A small migrator for the numbered SQL files in backend/migrations (STYLE.md "Migrations are numbered SQL
 * files"). Applied files are recorded in schema_migration; all pending files run in one transaction under
 * an advisory lock, so several processes (test files, replicas) may start against the same database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';

/** backend/migrations, found from this file whether it runs from src/ (tests) or dist/ (build). */
export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Arbitrary constant key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_100_001;

export function listMigrationFiles(dir: string = migrationsDir): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

/** Applies the pending migrations and returns their file names. */
export async function runMigrations(database: Database, dir: string = migrationsDir): Promise<string[]> {
  const files = listMigrationFiles(dir);
  return database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const applied = await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(trx);
    const done = new Set(applied.rows.map((row) => row.name));
    const pending = files.filter((name) => !done.has(name));
    for (const name of pending) {
      await database.runScript(trx, readFileSync(join(dir, name), 'utf8'));
      await sql`INSERT INTO schema_migration (name) VALUES (${name})`.execute(trx);
    }
    return pending;
  });
}
