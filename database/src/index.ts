/**
 * The services' shared layer: open a typed database (PostgreSQL or PGlite), migrate it, type its tables, and read
 * the environment both services read alike, and answer health checks and shut down alike.
 */
export { openDatabase, type Database, type DatabaseKind, type DatabaseOptions } from './database.js';
export { listMigrationFiles, runMigrations, type MigrationOptions } from './migrate.js';
export { tableTypesOf, writeTableTypes, type JsonColumnTypes, type TableTypesSource } from './table-types.js';
export { dataDirFrom, logLevelFrom, LOG_LEVELS, requireOwnerUrlInProduction, type Env, type LogLevel } from './service-environment.js';
export {
  CHECK_TIMEOUT_MS,
  checkWithin,
  createServiceHealth,
  databaseCheck,
  HEALTH_PATHS,
  LIVENESS_BODY,
  type CheckState,
  type Readiness,
  type ServiceHealth,
} from './service-health.js';
export { DEFAULT_SHUTDOWN_GRACE_MS, drainTimeOf, shutDownOnSignals, shutdownGraceFrom, type ShutdownOptions } from './shutdown.js';
export { asOwner, openAsServiceLogin, serviceLoginUrl, SERVICE_LOGINS, type ServiceLogin, type ServiceOpening } from './service-login.js';
export { loginOf, ownedRelations, refusalOf, tableRightsOf } from './login-probe.js';
