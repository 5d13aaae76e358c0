/**
 * The services' shared layer: open a typed database (PostgreSQL or PGlite), migrate it, type its tables, and read
 * the environment both services read alike.
 */
export { openDatabase, type Database, type DatabaseKind, type DatabaseOptions } from './database.js';
export { listMigrationFiles, runMigrations, type MigrationOptions } from './migrate.js';
export { tableTypesOf, writeTableTypes, type JsonColumnTypes, type TableTypesSource } from './table-types.js';
export { dataDirFrom, logLevelFrom, LOG_LEVELS, type Env, type LogLevel } from './service-environment.js';
