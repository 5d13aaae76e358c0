/**
 * Backend configuration from the environment (docs/backend.md lists every variable). Security constants
 * (token lifetimes, sign-in throttling and lockout, recovery challenge lifetime) are configurable so
 * tests can use small values; the defaults are the documented policy.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirFrom, drainTimeOf, requireOwnerUrlInProduction, shutdownGraceFrom, type Env } from '@ecrf/database';
import { defaultThrottlingPolicy, type ThrottlingPolicy } from './throttling-policy.js';

export { dataDirFrom, logLevelFrom, type Env } from '@ecrf/database';

export type SignInPolicy = {
  /** Consecutive failures after which every further answer is delayed. */
  delayAfterFailures: number;
  /** Delay per failure beyond the threshold: 1 × step after 3 failures, 2 × step after 4, … */
  delayStepMs: number;
  /** Consecutive failures that lock the account. */
  lockAfterFailures: number;
  lockDurationMs: number;
};

export type AdminAccount = { userName: string; password: string; emailAddress: string | null };

export type BackendConfig = {
  /** NODE_ENV, reported by GET /environment. */
  environment: string;
  production: boolean;
  /** Base of links in mails (the web app's address). */
  publicUrl: string;
  /**
   * Proxies whose X-Forwarded-For names the client (TRUST_PROXY: addresses, subnets or proxy-addr's presets,
   * comma-separated; default `loopback`, the gateway of `npm start`). Throttling counts the client's address.
   */
  trustProxy: string;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token family, counted from sign-in. */
  refreshFamilyTtlSeconds: number;
  signIn: SignInPolicy;
  /** Per address and per account limits of sign-in and recovery (auth/throttling.ts). */
  throttling: ThrottlingPolicy;
  /**
   * Prefix of the throttles' counted attempts in the database: replicas of one registry share it
   * (THROTTLE_NAMESPACE, default `ecrf`); an app built from createConfig alone gets its own.
   */
  throttleNamespace: string;
  recoveryChallengeTtlSeconds: number;
  /** Demo users are seeded outside production only. */
  seedDemoUsers: boolean;
  admin: AdminAccount | null;
  /** The pseudonymisation service (docs/mainzelliste.md): base URL and the API key it knows the backend by. */
  mainzelliste: MainzellisteAccess;
  /** The key gateways present (header X-Events-Key) to read the domain event stream. */
  eventsApiKey: string;
  /** The current time; tests move it to check date-bound rules (the 2025-05-01 query restriction). */
  clock: () => Date;
  exports: ExportSettings;
};

/** Export files and their jobs (docs/backend.md "Exports"). */
export type ExportSettings = {
  /** Where files are written (EXPORTS_DIR, default ${DATA_DIR}/exports). */
  dir: string;
  /** Days a file is kept after its job finished (EXPORT_RETENTION_DAYS). */
  retentionDays: number;
  /** A running job's worker renews its lease this often; a lease that runs out marks the worker lost (EXPORT_LEASE_SECONDS). */
  leaseSeconds: number;
  /** The PostgreSQL schema of the job queue (pg-boss); tests give each app its own. */
  queueSchema: string;
  /**
   * At shutdown, running jobs may finish this long before they go back to the queue: most of SHUTDOWN_GRACE_MS,
   * the rest is for handing them over and closing (docs/backend.md "Health and shutdown").
   */
  drainMs: number;
};

export const defaultExportSettings = (env: Env = {}): ExportSettings => ({
  dir: env.EXPORTS_DIR || join(dataDirFrom(env), 'exports'),
  retentionDays: 30,
  leaseSeconds: 30,
  queueSchema: 'pgboss',
  drainMs: drainTimeOf(shutdownGraceFrom(env)),
});

/** The development key of the event stream; production requires EVENTS_API_KEY. */
export const DEV_EVENTS_API_KEY = 'dev-events-key';

export type MainzellisteAccess = { url: string; apiKey: string };

/** mainzelliste/: port 4200 and its development key; production sets MAINZELLISTE_API_KEY. */
export const defaultMainzellisteAccess: MainzellisteAccess = { url: 'http://127.0.0.1:4200', apiKey: 'dev-mainzelliste-key' };

export const defaultSignInPolicy: SignInPolicy = {
  delayAfterFailures: 3,
  delayStepMs: 1000,
  lockAfterFailures: 5,
  lockDurationMs: 15 * 60_000,
};

/** A complete configuration with the documented defaults; tests and the OpenAPI writer start from it. */
export function createConfig(overrides: Partial<BackendConfig> = {}): BackendConfig {
  return {
    environment: 'development',
    production: false,
    publicUrl: 'http://localhost:4000',
    trustProxy: 'loopback',
    jwtSecret: randomBytes(32),
    accessTokenTtlSeconds: 15 * 60,
    refreshFamilyTtlSeconds: 8 * 60 * 60,
    signIn: defaultSignInPolicy,
    throttling: defaultThrottlingPolicy,
    throttleNamespace: randomUUID(),
    recoveryChallengeTtlSeconds: 60 * 60,
    seedDemoUsers: true,
    admin: null,
    mainzelliste: { ...defaultMainzellisteAccess },
    eventsApiKey: DEV_EVENTS_API_KEY,
    clock: () => new Date(),
    exports: defaultExportSettings(),
    ...overrides,
  };
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return value;
}

/**
 * The JWT secret: JWT_SECRET, else one generated once and kept in DATA_DIR so tokens survive restarts.
 * Production refuses the generated one: replicas behind a load balancer must share the secret.
 */
export function resolveJwtSecret(env: Env): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must have at least 32 characters');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set when NODE_ENV=production');
  const dataDir = dataDirFrom(env);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** EVENTS_API_KEY, else the development key; production refuses to run with a key everyone knows. */
export function resolveEventsApiKey(env: Env): string {
  if (env.EVENTS_API_KEY) return env.EVENTS_API_KEY;
  if (env.NODE_ENV === 'production') throw new Error('EVENTS_API_KEY must be set when NODE_ENV=production');
  return DEV_EVENTS_API_KEY;
}

export function loadConfig(env: Env = process.env): BackendConfig {
  const production = env.NODE_ENV === 'production';
  requireOwnerUrlInProduction(env, 'DATABASE_URL', 'MIGRATION_DATABASE_URL');
  const admin =
    env.ECRF_ADMIN_USER && env.ECRF_ADMIN_PASSWORD
      ? { userName: env.ECRF_ADMIN_USER, password: env.ECRF_ADMIN_PASSWORD, emailAddress: env.ECRF_ADMIN_EMAIL ?? null }
      : null;
  return createConfig({
    environment: env.NODE_ENV ?? 'development',
    production,
    publicUrl: (env.PUBLIC_URL ?? 'http://localhost:4000').replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY || 'loopback',
    jwtSecret: resolveJwtSecret(env),
    accessTokenTtlSeconds: positiveNumber(env, 'ACCESS_TOKEN_TTL_MINUTES', 15) * 60,
    refreshFamilyTtlSeconds: positiveNumber(env, 'REFRESH_TOKEN_TTL_HOURS', 8) * 3600,
    signIn: {
      ...defaultSignInPolicy,
      delayStepMs: positiveNumber(env, 'SIGN_IN_DELAY_MS', defaultSignInPolicy.delayStepMs),
      lockDurationMs: positiveNumber(env, 'SIGN_IN_LOCK_MINUTES', 15) * 60_000,
    },
    throttling: defaultThrottlingPolicy,
    throttleNamespace: env.THROTTLE_NAMESPACE || 'ecrf',
    seedDemoUsers: !production,
    admin,
    mainzelliste: {
      url: (env.MAINZELLISTE_URL || defaultMainzellisteAccess.url).replace(/\/+$/, ''),
      // Without a key in production every identity call answers the 401 text of ecrf-calls.md §5.
      apiKey: env.MAINZELLISTE_API_KEY || (production ? '' : defaultMainzellisteAccess.apiKey),
    },
    eventsApiKey: resolveEventsApiKey(env),
    exports: {
      ...defaultExportSettings(env),
      retentionDays: positiveNumber(env, 'EXPORT_RETENTION_DAYS', 30),
      leaseSeconds: positiveNumber(env, 'EXPORT_LEASE_SECONDS', 30),
    },
  });
}
