/**
 * Starting the backend from the environment: database (PostgreSQL or embedded PGlite), migrations, seed,
 * mailer, app. main.ts and in-process starters (the start script, gateway tests) share this.
 */
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { App } from './app-deps.js';
import { buildApp } from './app.js';
import { dataDirFrom, loadConfig, type BackendConfig, type Env } from './config/config.js';
import { openDatabase, type Database, type DatabaseOptions } from './db/database.js';
import { runMigrations } from './db/migrate.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { seedDatabase } from './seed/seed.js';
import { startGenericExportSchedule } from './generic-exports/index.js';
import { installJobQueue } from './exports/export-runtime.js';

type Logger = FastifyServerOptions['logger'];

export type Backend = { app: App; database: Database; config: BackendConfig; mailer: Mailer; close: () => Promise<void> };

/** DATABASE_URL → PostgreSQL; otherwise PGlite in ${DATA_DIR:-./data}/pglite (or memory:// if DATA_DIR is). */
export function databaseOptionsFrom(env: Env): DatabaseOptions {
  if (env.DATABASE_URL) return { databaseUrl: env.DATABASE_URL };
  if (env.DATA_DIR === 'memory://') return { pgliteDataDir: 'memory://' };
  return { pgliteDataDir: join(dataDirFrom(env), 'pglite') };
}

export function mailerFrom(env: Env): Mailer {
  return createMailer({ smtpUrl: env.SMTP_URL || undefined, mailDir: join(dataDirFrom(env), 'mail'), from: env.MAIL_FROM || undefined });
}

/**
 * Migrations and the job queue's schema, as the database's owner: MIGRATION_DATABASE_URL when set (the service
 * itself then logs in with DATABASE_URL as a member of ecrf_app, which may change rows but no schema and no audit
 * row; issue 15 item 1, docs/security.md), else the service's own connection (development, PGlite).
 */
async function migrate(env: Env, config: BackendConfig, database: Database): Promise<void> {
  if (!env.MIGRATION_DATABASE_URL) {
    await runMigrations(database);
    return;
  }
  const owner = await openDatabase({ databaseUrl: env.MIGRATION_DATABASE_URL });
  try {
    await runMigrations(owner);
    await installJobQueue(env.MIGRATION_DATABASE_URL, config.exports.queueSchema);
  } finally {
    await owner.close();
  }
}

/** Opens, migrates and seeds the database and builds the app, without listening. */
export async function createBackend(env: Env = process.env, logger: Logger = false): Promise<Backend> {
  const config = loadConfig(env);
  const database = await openDatabase(databaseOptionsFrom(env));
  try {
    await migrate(env, config, database);
    await seedDatabase(database.db, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = mailerFrom(env);
  const app = await buildApp({ db: database, config, mailer, logger });
  await app.exportRuntime.startWorkers();
  // Scheduled generic exports start jobs like a user would; every replica ticks, one wins each run.
  const schedule = startGenericExportSchedule({ db: database.db, starter: app.exportRuntime, log: app.log, clock: config.clock });
  return {
    app,
    database,
    config,
    mailer,
    close: async () => {
      await schedule.stop();
      await app.close();
      mailer.close();
      await database.close();
    },
  };
}

/** createBackend plus listen on PORT (default 4100) and HOST (default 127.0.0.1); returns the base URL. */
export async function startBackend(env: Env = process.env, logger: Logger = false): Promise<Backend & { url: string }> {
  const backend = await createBackend(env, logger);
  const port = Number(env.PORT ?? 4100);
  const host = env.HOST ?? '127.0.0.1';
  try {
    const address = await backend.app.listen({ port, host });
    return { ...backend, url: address };
  } catch (error) {
    await backend.close();
    throw error;
  }
}
