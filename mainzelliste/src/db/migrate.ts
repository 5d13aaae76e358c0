/**
 * Applies the numbered SQL files of mainzelliste/migrations (STYLE.md "Migrations are numbered SQL
 * files"), each once, recorded in mainzelliste.schema_migration. All pending files run in one transaction
 * under an advisory lock, so replicas and test files may start together against one PostgreSQL database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.js';

/** mainzelliste/migrations, found from src/ (tests) or dist/ (build). */
export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Arbitrary constant key, different from the backend's, of the lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_200_001;

export function listMigrationFiles(dir: string = migrationsDir): string[] {
  return readdirSync(dir).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
}

/** Applies the pending migrations and returns their file names. */
export async function runMigrations(database: Database, dir: string = migrationsDir): Promise<string[]> {
  const files = listMigrationFiles(dir);
  return database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS mainzelliste`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS mainzelliste.schema_migration (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const applied = await trx.selectFrom('schema_migration').select('name').execute();
    const done = new Set(applied.map((row) => row.name));
    const pending = files.filter((name) => !done.has(name));
    for (const name of pending) {
      await database.runScript(trx, readFileSync(join(dir, name), 'utf8'));
      await trx.insertInto('schema_migration').values({ name }).execute();
    }
    return pending;
  });
}
