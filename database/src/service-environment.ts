/** What the backend and the pseudonymisation service read from their environment alike. */
import { resolve } from 'node:path';

export type Env = Record<string, string | undefined>;

/** Embedded databases, mails and logs live below it. */
export function dataDirFrom(env: Env): string {
  return resolve(env.DATA_DIR ?? './data');
}

/** Pino's levels; LOG_LEVEL picks one. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The logger level from LOG_LEVEL. Default warn: a request line per call (level info) buried the
 * URL and the demo sign-ins of `npm start`; operators ask for info or debug.
 */
export function logLevelFrom(env: Env): LogLevel {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw === '') return 'warn';
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${raw}'`);
  return level;
}

/**
 * Production serves as a login without owner rights (docs/security.md "Database logins"): a service given a
 * PostgreSQL URL must also be given the owner's, with which it migrates. Throws otherwise.
 */
export function requireOwnerUrlInProduction(env: Env, urlVariable: string, ownerVariable: string): void {
  if (env.NODE_ENV !== 'production' || !env[urlVariable] || env[ownerVariable]) return;
  throw new Error(
    `${ownerVariable} must be set when NODE_ENV=production and ${urlVariable} is: migrations run as the owner, the service as ${urlVariable}'s login without owner rights`,
  );
}
