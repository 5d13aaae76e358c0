/**
 * Starting the service from the environment: database (PostgreSQL via MAINZELLISTE_DATABASE_URL or
 * embedded PGlite under ${DATA_DIR:-./data}/mainzelliste), migrations, app. main.ts and in-process
 * starters share this.
 */
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { App } from './app-deps.js';
import { buildApp } from './app.js';
import { dataDirFrom, loadConfig, type Env, type MainzellisteConfig } from './config/config.js';
import { openDatabase, type Database, type DatabaseOptions } from './db/database.js';
import { runMigrations } from './db/migrate.js';

export type Service = { app: App; database: Database; config: MainzellisteConfig; close: () => Promise<void> };

export const DEFAULT_PORT = 4200;

export function databaseOptionsFrom(env: Env): DatabaseOptions {
  if (env.MAINZELLISTE_DATABASE_URL) return { databaseUrl: env.MAINZELLISTE_DATABASE_URL };
  if (env.DATA_DIR === 'memory://') return { pgliteDataDir: 'memory://' };
  return { pgliteDataDir: join(dataDirFrom(env), 'mainzelliste') };
}

/**
 * Migrations as the schema's owner: MAINZELLISTE_MIGRATION_DATABASE_URL when set (the service then logs in with
 * MAINZELLISTE_DATABASE_URL as a member of mainzelliste_app, which may not change the schema or the audit log;
 * issue 15 item 1), else the service's own connection (development, PGlite).
 */
async function migrate(env: Env, database: Database): Promise<void> {
  if (!env.MAINZELLISTE_MIGRATION_DATABASE_URL) {
    await runMigrations(database);
    return;
  }
  const owner = await openDatabase({ databaseUrl: env.MAINZELLISTE_MIGRATION_DATABASE_URL });
  try {
    await runMigrations(owner);
  } finally {
    await owner.close();
  }
}

export async function createService(env: Env = process.env, logger: FastifyServerOptions['logger'] = false): Promise<Service> {
  const config = loadConfig(env);
  const database = await openDatabase(databaseOptionsFrom(env));
  try {
    await migrate(env, database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ database, config, logger });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** createService plus listen on MAINZELLISTE_PORT (4200) and MAINZELLISTE_HOST or HOST (127.0.0.1). */
export async function startService(
  env: Env = process.env,
  logger: FastifyServerOptions['logger'] = false,
): Promise<Service & { url: string }> {
  const service = await createService(env, logger);
  const port = Number(env.MAINZELLISTE_PORT ?? DEFAULT_PORT);
  const host = env.MAINZELLISTE_HOST ?? env.HOST ?? '127.0.0.1';
  try {
    return { ...service, url: await service.app.listen({ port, host }) };
  } catch (error) {
    await service.close();
    throw error;
  }
}
