/**
 * Applies the numbered SQL files in backend/migrations (STYLE.md "Migrations are numbered SQL files")
 * with the migrator of @ecrf/database; applied files are recorded in schema_migration.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMigrations as migrate } from '@ecrf/database';
import type { Database } from './database.js';

/** backend/migrations, found from this file whether it runs from src/ (tests) or dist/ (build). */
export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Arbitrary constant key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_100_001;

/** Applies the pending migrations and returns their file names. */
export function runMigrations(database: Database, dir: string = migrationsDir): Promise<string[]> {
  return migrate(database, { dir, lockKey: MIGRATION_LOCK_KEY });
}
