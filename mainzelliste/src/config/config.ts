/**
 * Service configuration from the environment (docs/mainzelliste.md lists every variable). The one
 * configured server (mainzelliste-api.md §1 "Authentication": servers.N.apiKey, allowedRemoteAdresses,
 * permissions) is the eCRF backend; buildApp also takes several for tests and custom set-ups.
 */
import { requireOwnerUrlInProduction, type Env } from '@ecrf/database';
import { DEFAULT_THRESHOLD_MATCH, DEFAULT_THRESHOLD_NON_MATCH } from '../matching/default-config.js';
import { FELLEGI_SUNTER_THRESHOLD_MATCH, FELLEGI_SUNTER_THRESHOLD_NON_MATCH } from '../matching/fellegi-sunter.js';
import { FIELD_KEYS, GENERATED_ID_TYPES } from '../patients/fields.js';
import { parsePermissions, type Permissions } from './permissions.js';

export { dataDirFrom, logLevelFrom, type Env } from '@ecrf/database';

export const TOKEN_TYPES = ['addPatient', 'readPatients', 'editPatient', 'deletePatient', 'checkMatch'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Mainzelliste's monitoring permissions, one per /monitoring/* resource. */
export const MONITORING_PERMISSIONS = [
  'getPatientCount',
  'getTentativePatientCount',
  'getIDRequestCount',
  'getCpuInfo',
  'getMemoryInfo',
] as const;

/** mainzelliste-api.md §1 "Authentication". */
export const ALL_PERMISSIONS: readonly string[] = [
  'createSession',
  'createToken',
  ...TOKEN_TYPES.map((type) => `tt_${type}`),
  'readConfiguration',
  'readAllPatientIds',
  'readAllPatientIdTypes',
  'callback',
  'redirect',
  ...MONITORING_PERMISSIONS,
  // Registry extension: the clerical review list of possible matches (issue 17).
  'reviewPossibleMatches',
];

export type ServerConfig = {
  /** Who calls, for the audit trail. */
  name: string;
  apiKey: string;
  /** IPs or CIDR ranges, IPv4 and IPv6. */
  allowedRemoteAddresses: readonly string[];
  /** Permission names; a refined token type (tt_addPatient{…}) is named here and refined below. */
  permissions: ReadonlySet<string>;
  refinedPermissions?: Permissions['refined'];
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
  /** The Fellegi–Sunter matcher re-estimates u and m this often besides when the store doubles (0: only then). */
  linkageReestimateHours: number;
  /** The first name or the whole birth date may be missing; the record is matched on the other fields. */
  allowOneMissingField: boolean;
  /** gcp.audittrail: every token must carry auditTrail {username, remoteSystem, reasonForChange}. */
  auditTrailRequired: boolean;
  /** Base of the uri fields; else taken from the request. */
  publicUrl: string | null;
  /** Id types given by the calling systems (Mainzelliste's ExternalIDGenerator), e.g. extid. */
  externalIdTypes: readonly string[];
  /** Origins (scheme://host[:port]) that callbacks may be sent to and browsers redirected to. */
  callbackOrigins: readonly string[];
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
    linkageReestimateHours: 24,
    allowOneMissingField: false,
    auditTrailRequired: false,
    publicUrl: null,
    externalIdTypes: [],
    callbackOrigins: [],
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

/** Permission entries separated by ';' or ',' (Mainzelliste) or spaces; a refinement may hold spaces. */
const permissionList = (raw: string | undefined): string[] | null => {
  const items = (raw ?? '').split(/[,;]/).flatMap((item) => (item.includes('{') ? [item.trim()] : item.split(/\s+/)));
  const filled = items.filter((item) => item !== '');
  return filled.length > 0 ? filled : null;
};

function externalIdTypes(raw: string | undefined): string[] {
  const types = list(raw) ?? [];
  const reserved: readonly string[] = [...GENERATED_ID_TYPES, ...FIELD_KEYS, 'sureness', 'tokenId', 'similarityScores'];
  const bad = types.filter((type) => !/^[A-Za-z][A-Za-z0-9_-]*$/.test(type) || reserved.includes(type));
  if (bad.length > 0) throw new Error(`MAINZELLISTE_EXTERNAL_ID_TYPES has invalid or reserved entries: ${bad.join(', ')}`);
  return types;
}

/** host, host:port (https) or a full origin (http://127.0.0.1:8080 for a local receiver) → origin. */
function callbackOrigins(raw: string | undefined): string[] {
  return (list(raw) ?? []).map((entry) => {
    try {
      const url = new URL(entry.includes('://') ? entry : `https://${entry}`);
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.username) throw new Error();
      return url.origin;
    } catch {
      throw new Error(`MAINZELLISTE_CALLBACK_HOSTS has an invalid entry '${entry}' (host, host:port or scheme://host:port)`);
    }
  });
}

export function loadConfig(env: Env = process.env): MainzellisteConfig {
  const production = env.NODE_ENV === 'production';
  requireOwnerUrlInProduction(env, 'MAINZELLISTE_DATABASE_URL', 'MAINZELLISTE_MIGRATION_DATABASE_URL');
  const apiKey = env.MAINZELLISTE_API_KEY;
  if (!apiKey && production) throw new Error('MAINZELLISTE_API_KEY must be set when NODE_ENV=production');
  if (apiKey !== undefined && apiKey !== '' && apiKey.length < 16 && production) {
    throw new Error('MAINZELLISTE_API_KEY must have at least 16 characters');
  }
  const permissions = parsePermissions(permissionList(env.MAINZELLISTE_PERMISSIONS) ?? ALL_PERMISSIONS);
  const unknown = [...permissions.names].filter((permission) => !ALL_PERMISSIONS.includes(permission));
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
        permissions: permissions.names,
        refinedPermissions: permissions.refined,
      },
    ],
    sessionTimeoutMs: number(env, 'MAINZELLISTE_SESSION_TIMEOUT_MINUTES', 10, (v) => v > 0) * 60_000,
    matcher: matcher as MatcherKind,
    thresholdMatch,
    thresholdNonMatch,
    fellegiSunterThresholdMatch,
    fellegiSunterThresholdNonMatch,
    linkageReestimateHours: number(env, 'MAINZELLISTE_LINKAGE_REESTIMATE_HOURS', 24, (v) => v >= 0),
    allowOneMissingField: env.MAINZELLISTE_ALLOW_ONE_MISSING_FIELD === 'true',
    auditTrailRequired: env.MAINZELLISTE_AUDIT_TRAIL_REQUIRED === 'true',
    publicUrl: env.MAINZELLISTE_PUBLIC_URL ? env.MAINZELLISTE_PUBLIC_URL.replace(/\/+$/, '') : null,
    externalIdTypes: externalIdTypes(env.MAINZELLISTE_EXTERNAL_ID_TYPES),
    callbackOrigins: callbackOrigins(env.MAINZELLISTE_CALLBACK_HOSTS),
  });
}
