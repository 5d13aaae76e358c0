/** One database layer for the services: open a typed database (PostgreSQL or PGlite), migrate it, and type its tables. */
export { openDatabase, type Database, type DatabaseKind, type DatabaseOptions } from './database.js';
export { listMigrationFiles, runMigrations, type MigrationOptions } from './migrate.js';
export { tableTypesOf, writeTableTypes, type JsonColumnTypes, type TableTypesSource } from './table-types.js';
