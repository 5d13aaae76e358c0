/**
 * Service configuration from the environment (docs/mainzelliste.md lists every variable). The one
 * configured server (mainzelliste-api.md §1 "Authentication": servers.N.apiKey, allowedRemoteAdresses,
 * permissions) is the eCRF backend; buildApp also takes several for tests and custom set-ups.
 */
import { requireOwnerUrlInProduction, type Env } from '@ecrf/database';
import { DEFAULT_THRESHOLD_MATCH, DEFAULT_THRESHOLD_NON_MATCH } from '../matching/default-config.js';
import { FELLEGI_SUNTER_THRESHOLD_MATCH, FELLEGI_SUNTER_THRESHOLD_NON_MATCH } from '../matching/fellegi-sunter.js';

export { dataDirFrom, logLevelFrom, type Env } from '@ecrf/database';

export const TOKEN_TYPES = ['addPatient', 'readPatients', 'editPatient', 'deletePatient', 'checkMatch'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** mainzelliste-api.md §1 "Authentication"; callback and redirect are not offered (docs: deviations). */
export const ALL_PERMISSIONS: readonly string[] = [
  'createSession',
  'createToken',
  ...TOKEN_TYPES.map((type) => `tt_${type}`),
  'readConfiguration',
  'readAllPatientIds',
  'readAllPatientIdTypes',
  // Registry extension: the clerical review list of possible matches (issue 17).
  'reviewPossibleMatches',
];

export type ServerConfig = {
  /** Who calls, for the audit trail. */
  name: string;
  apiKey: string;
  /** IPs or CIDR ranges, IPv4 and IPv6. */
  allowedRemoteAddresses: readonly string[];
  permissions: ReadonlySet<string>;
};

export type MainzellisteConfig = {
  production: boolean;
  servers: readonly ServerConfig[];
  /** Idle time after which a session and its tokens are gone (mainzelliste-api.md §1: 10 minutes). */
  sessionTimeoutMs: number;
  /** The record-linkage model: the learning Fellegi–Sunter matcher (default) or the reference EpiLink. */
  matcher: MatcherKind;
  /** EpiLink's thresholds (matcher.epilink.threshold_match / threshold_non_match). */
  thresholdMatch: number;
  thresholdNonMatch: number;
  /** The Fellegi–Sunter matcher's thresholds on its match probability. */
  fellegiSunterThresholdMatch: number;
  fellegiSunterThresholdNonMatch: number;
  /** The first name or the whole birth date may be missing; the record is matched on the other fields. */
  allowOneMissingField: boolean;
  /** gcp.audittrail: every token must carry auditTrail {username, remoteSystem, reasonForChange}. */
  auditTrailRequired: boolean;
  /** Base of the uri fields; else taken from the request. */
  publicUrl: string | null;
};

export const MATCHER_KINDS = ['fellegi-sunter', 'epilink'] as const;
export type MatcherKind = (typeof MATCHER_KINDS)[number];

export const DEV_API_KEY = 'dev-mainzelliste-key';
export const DEFAULT_SERVER_NAME = 'ecrf-backend';

/** Loopback and the private ranges (compose networks); public addresses must be allowed explicitly. */
export const DEFAULT_ALLOWED_REMOTE_ADDRESSES: readonly string[] = [
  '127.0.0.0/8',
  '::1/128',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  'fc00::/7',
];

export function createConfig(overrides: Partial<MainzellisteConfig> = {}): MainzellisteConfig {
  return {
    production: false,
    servers: [
      {
        name: DEFAULT_SERVER_NAME,
        apiKey: DEV_API_KEY,
        allowedRemoteAddresses: DEFAULT_ALLOWED_REMOTE_ADDRESSES,
        permissions: new Set(ALL_PERMISSIONS),
      },
    ],
    sessionTimeoutMs: 10 * 60_000,
    matcher: 'fellegi-sunter',
    thresholdMatch: DEFAULT_THRESHOLD_MATCH,
    thresholdNonMatch: DEFAULT_THRESHOLD_NON_MATCH,
    fellegiSunterThresholdMatch: FELLEGI_SUNTER_THRESHOLD_MATCH,
    fellegiSunterThresholdNonMatch: FELLEGI_SUNTER_THRESHOLD_NON_MATCH,
    allowOneMissingField: false,
    auditTrailRequired: false,
    publicUrl: null,
    ...overrides,
  };
}

function number(env: Env, name: string, fallback: number, check: (value: number) => boolean): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`${name} has an invalid value '${raw}'`);
  return value;
}

const list = (raw: string | undefined): string[] | null => {
  const items = (raw ?? '').split(/[,;\s]+/).filter((item) => item !== '');
  return items.length > 0 ? items : null;
};

export function loadConfig(env: Env = process.env): MainzellisteConfig {
  const production = env.NODE_ENV === 'production';
  requireOwnerUrlInProduction(env, 'MAINZELLISTE_DATABASE_URL', 'MAINZELLISTE_MIGRATION_DATABASE_URL');
  const apiKey = env.MAINZELLISTE_API_KEY;
  if (!apiKey && production) throw new Error('MAINZELLISTE_API_KEY must be set when NODE_ENV=production');
  if (apiKey !== undefined && apiKey !== '' && apiKey.length < 16 && production) {
    throw new Error('MAINZELLISTE_API_KEY must have at least 16 characters');
  }
  const permissions = list(env.MAINZELLISTE_PERMISSIONS) ?? ALL_PERMISSIONS;
  const unknown = permissions.filter((permission) => !ALL_PERMISSIONS.includes(permission));
  if (unknown.length > 0) throw new Error(`MAINZELLISTE_PERMISSIONS has unknown entries: ${unknown.join(', ')}`);
  const thresholdMatch = number(env, 'MAINZELLISTE_THRESHOLD_MATCH', DEFAULT_THRESHOLD_MATCH, (v) => v > 0 && v <= 1);
  const thresholdNonMatch = number(
    env,
    'MAINZELLISTE_THRESHOLD_NON_MATCH',
    DEFAULT_THRESHOLD_NON_MATCH,
    (v) => v >= 0 && v < thresholdMatch,
  );
  const fellegiSunterThresholdMatch = number(
    env,
    'MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_MATCH',
    FELLEGI_SUNTER_THRESHOLD_MATCH,
    (v) => v > 0 && v <= 1,
  );
  const fellegiSunterThresholdNonMatch = number(
    env,
    'MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_NON_MATCH',
    FELLEGI_SUNTER_THRESHOLD_NON_MATCH,
    (v) => v >= 0 && v < fellegiSunterThresholdMatch,
  );
  const matcher = env.MAINZELLISTE_MATCHER || 'fellegi-sunter';
  if (!(MATCHER_KINDS as readonly string[]).includes(matcher)) {
    throw new Error(`MAINZELLISTE_MATCHER has an invalid value '${matcher}' (${MATCHER_KINDS.join(', ')})`);
  }
  return createConfig({
    production,
    servers: [
      {
        name: env.MAINZELLISTE_SERVER_NAME || DEFAULT_SERVER_NAME,
        apiKey: apiKey || DEV_API_KEY,
        allowedRemoteAddresses: list(env.MAINZELLISTE_ALLOWED_REMOTE_ADDRESSES) ?? DEFAULT_ALLOWED_REMOTE_ADDRESSES,
        permissions: new Set(permissions),
      },
    ],
    sessionTimeoutMs: number(env, 'MAINZELLISTE_SESSION_TIMEOUT_MINUTES', 10, (v) => v > 0) * 60_000,
    matcher: matcher as MatcherKind,
    thresholdMatch,
    thresholdNonMatch,
    fellegiSunterThresholdMatch,
    fellegiSunterThresholdNonMatch,
    allowOneMissingField: env.MAINZELLISTE_ALLOW_ONE_MISSING_FIELD === 'true',
    auditTrailRequired: env.MAINZELLISTE_AUDIT_TRAIL_REQUIRED === 'true',
    publicUrl: env.MAINZELLISTE_PUBLIC_URL ? env.MAINZELLISTE_PUBLIC_URL.replace(/\/+$/, '') : null,
  });
}
