/**
 * Starting the backend from the environment: database (PostgreSQL or embedded PGlite), migrations, seed,
 * mailer, app. main.ts and in-process starters (the start script, gateway tests) share this.
 */
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { App } from './app-deps.js';
import { buildApp } from './app.js';
import { dataDirFrom, loadConfig, type BackendConfig, type Env } from './config/config.js';
import type { Database, DatabaseOptions } from './db/database.js';
import { openServiceDatabase } from './service-database.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { seedDatabase } from './seed/seed.js';
import { startGenericExportSchedule } from './generic-exports/index.js';

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

/** Opens, migrates and seeds the database and builds the app, without listening. */
export async function createBackend(env: Env = process.env, logger: Logger = false): Promise<Backend> {
  const config = loadConfig(env);
  // Migrations and the job queue's schema as the owner (MIGRATION_DATABASE_URL, else the given login; PGlite's
  // superuser), requests as a member of ecrf_app (docs/security.md "Database logins").
  const database = await openServiceDatabase({
    service: databaseOptionsFrom(env),
    ownerUrl: env.MIGRATION_DATABASE_URL || undefined,
    queueSchema: config.exports.queueSchema,
  });
  try {
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
