/**
 * The backend's public API for in-process starters (the start script, the gateway's tests):
 * `startBackend(env)` does everything; the factories let a caller assemble it differently.
 */
export { API_BASE, buildApp, type BuildAppOptions, type RouteSummary } from './app.js';
export type { App } from './app-deps.js';
export { createBackend, databaseOptionsFrom, mailerFrom, startBackend, type Backend } from './server.js';
export { createConfig, loadConfig, resolveJwtSecret, type BackendConfig, type Env } from './config/config.js';
export { openDatabase, type Database, type DatabaseOptions } from './db/database.js';
export { runMigrations, migrationsDir } from './db/migrate.js';
export { seedDatabase, demoSignIns } from './seed/seed.js';
export { DEMO_PASSWORD, type DemoUser } from './seed/demo-data.js';
export { createMailer, type Mailer, type MailerOptions, type MailMessage } from './mail/mailer.js';
export { adminFlagRoles, locationBoundRoles, roleIdentifiers, roleRights, type RoleIdentifier } from './rights/role-rights.js';
export { ECRF_VERSION } from './system/system.routes.js';
