/**
 * Applies the numbered SQL files of mainzelliste/migrations (STYLE.md "Migrations are numbered SQL
 * files") with the migrator of @ecrf/database, each once, recorded in mainzelliste.schema_migration.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMigrations as migrate } from '@ecrf/database';
import { SCHEMA, type Database } from './database.js';

/** mainzelliste/migrations, found from src/ (tests) or dist/ (build). */
export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');

/** Arbitrary constant key, different from the backend's, of the lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 4_200_001;

/** Applies the pending migrations and returns their file names. */
export function runMigrations(database: Database, dir: string = migrationsDir): Promise<string[]> {
  return migrate(database, { dir, schema: SCHEMA, lockKey: MIGRATION_LOCK_KEY });
}
