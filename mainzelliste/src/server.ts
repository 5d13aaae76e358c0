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
import type { Database, DatabaseOptions } from './db/database.js';
import { openServiceDatabase } from './db/service-login.js';

export type Service = { app: App; database: Database; config: MainzellisteConfig; close: () => Promise<void> };

export const DEFAULT_PORT = 4200;

export function databaseOptionsFrom(env: Env): DatabaseOptions {
  if (env.MAINZELLISTE_DATABASE_URL) return { databaseUrl: env.MAINZELLISTE_DATABASE_URL };
  if (env.DATA_DIR === 'memory://') return { pgliteDataDir: 'memory://' };
  return { pgliteDataDir: join(dataDirFrom(env), 'mainzelliste') };
}

export async function createService(env: Env = process.env, logger: FastifyServerOptions['logger'] = false): Promise<Service> {
  const config = loadConfig(env);
  // Migrations as the owner (MAINZELLISTE_MIGRATION_DATABASE_URL, else the given login; PGlite's superuser), requests
  // as a member of mainzelliste_app (docs/security.md "Database logins").
  const database = await openServiceDatabase(databaseOptionsFrom(env), env.MAINZELLISTE_MIGRATION_DATABASE_URL || undefined);
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
