/** One database layer for the services: open a typed database (PostgreSQL or PGlite) and migrate it. */
export { openDatabase, type Database, type DatabaseKind, type DatabaseOptions } from './database.js';
export { listMigrationFiles, runMigrations, type MigrationOptions } from './migrate.js';
