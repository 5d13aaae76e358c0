/**
 * A small migrator for a directory of numbered SQL files (STYLE.md "Migrations are numbered SQL files").
 * Applied files are recorded in the table schema_migration (in the given schema, else the default one);
 * all pending files run in one transaction under an advisory lock, so several processes (test files,
 * replicas) may start against the same database. Each service passes its own lock key, so services
 * sharing one PostgreSQL database do not wait for each other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Database } from './database.js';

export type MigrationOptions = {
  /** The directory of the files `NNNN_name.sql`, applied in name order. */
  dir: string;
  /** Created if missing, and home of schema_migration; without it, schema_migration is in the search path's schema. */
  schema?: string;
  /** Key of the transaction-scoped advisory lock that serialises migrations. */
  lockKey: number;
};

export function listMigrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

/** Applies the pending migrations and returns their file names. */
export async function runMigrations<DB>(database: Database<DB>, options: MigrationOptions): Promise<string[]> {
  const { dir, schema, lockKey } = options;
  const files = listMigrationFiles(dir);
  const table = schema === undefined ? sql.id('schema_migration') : sql.id(schema, 'schema_migration');
  return database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${lockKey})`.execute(trx);
    if (schema !== undefined) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS ${table} (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    const applied = await sql<{ name: string }>`SELECT name FROM ${table}`.execute(trx);
    const done = new Set(applied.rows.map((row) => row.name));
    const pending = files.filter((name) => !done.has(name));
    for (const name of pending) {
      await database.runScript(trx, readFileSync(join(dir, name), 'utf8'));
      await sql`INSERT INTO ${table} (name) VALUES (${name})`.execute(trx);
    }
    return pending;
  });
}
