/** Settings of one gateway instance, read from the environment (docs/gateway.md lists them). */
import { join } from 'node:path';
import { shutdownGraceFrom } from '@ecrf/database';
import { originsOf } from '../http/origin-check.js';

export type ClientConfig = {
  versionLabel: string;
  idleWarningAfterMs: number;
  autoLogoutAfterWarn: number;
  supportPhone: string;
  supportEmail: string;
  /** Operator of the registry, named on /impressum and /support. */
  operatorName: string;
  /** The operator's postal address, one entry per line. */
  operatorAddress: string[];
};

export type GatewayConfig = {
  /** Origin of the eCRF REST API, e.g. http://127.0.0.1:4100. */
  backendUrl: string;
  /**
   * Base URL of the pseudonymisation service (Mainzelliste API). The gateway sends and reads IDAT there with
   * tokens the backend issues; it holds no API key, so it cannot mint tokens past the backend's rights.
   */
  mainzellisteUrl: string;
  /** Directory of the built web app; served with SPA fallback when set. */
  webDist: string | undefined;
  introspection: boolean;
  /**
   * The map id → text of the web's persisted operations (PERSISTED_OPERATIONS; by default persisted-operations.json
   * in WEB_DIST, where the web build writes it). Without one, no id is known.
   */
  persistedOperations: string | undefined;
  /** Browsers must send persisted ids, not documents (PERSISTED_OPERATIONS_ONLY_FOR_WEB; default: in production). */
  persistedOperationsOnlyForWeb: boolean;
  /** GraphiQL at /graphiql with the SDL beside it: outside production, unless GRAPHIQL says otherwise. */
  graphiql: boolean;
  /**
   * Origins a browser may open the WebSocket from besides the gateway's own address (PUBLIC_ORIGINS, comma-separated;
   * by default PUBLIC_URL, and outside production the Vite dev server).
   */
  publicOrigins: string[];
  /** Stack traces in GraphQL error answers: off unless GRAPHQL_STACKTRACES=true (issue 15; never in production). */
  stackTraces: boolean;
  /** Adds `extensions.upstreamCalls` to every response: for tests and for integrators measuring cost. */
  exposeUpstreamCalls: boolean;
  client: ClientConfig;
  /** Key of the backend's event stream (`X-Events-Key`); the backend's EVENTS_API_KEY. */
  eventsApiKey: string;
  /** Redis for the subscription fan-out between replicas; in memory when unset. */
  redisUrl: string | undefined;
  /** Prefix of the fan-out's Redis keys and channel; one per registry sharing a Redis. */
  redisKeyPrefix: string;
  /** Key of the short-lived download links (FILE_LINK_SECRET); the same on every replica behind one address. */
  fileLinkSecret: string;
  /** How long a stopping gateway lets requests in flight finish (SHUTDOWN_GRACE_MS, default 25 s). */
  shutdownGraceMs: number;
  /**
   * Proxies in front whose X-Forwarded-For names the client (TRUST_PROXY, Express's `trust proxy` syntax; default
   * `loopback`): the client's address is what the throttles count and what the backend is told.
   */
  trustProxy: string;
};

/** The Vite dev server proxies the WebSocket with its own Origin (web/vite.config.ts). */
const VITE_DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** The backend's development default; production sets its own (docs/backend.md "Events"). */
export const developmentEventsApiKey = 'dev-events-key';

/** The development key of download links; production sets FILE_LINK_SECRET. */
export const developmentFileLinkSecret = 'dev-file-link-secret';

/** ecrf-core.md §9: warning after 1,620,000 ms of inactivity; ecrf-calls.md §9: logout 180 s after it. */
export const defaultClientConfig: ClientConfig = {
  versionLabel: '1.30.6',
  idleWarningAfterMs: 1_620_000,
  autoLogoutAfterWarn: 180,
  supportPhone: '0221 478-88100',
  supportEmail: 'geschaeftsstelle@register.local',
  operatorName: 'Netzwerkgeschäftsstelle des klinischen Registers',
  operatorAddress: ['Kerpener Straße 62', '50937 Köln'],
};

/** OPERATOR_ADDRESS holds the lines separated by ';' (an environment value has no portable line break). */
function addressLines(value: string | undefined, fallback: string[]): string[] {
  const lines = (value ?? '')
    .split(';')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.length > 0 ? lines : fallback;
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`expected a non-negative integer, got ${value}`);
  return parsed;
}

/** A shared key: set in production, a development default otherwise. */
function sharedKey(env: NodeJS.ProcessEnv, production: boolean, name: 'EVENTS_API_KEY' | 'FILE_LINK_SECRET', fallback: string): string {
  const value = env[name];
  if (value) return value;
  if (production) throw new Error(`${name} must be set in production`);
  return fallback;
}

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv): GatewayConfig {
  const production = env.NODE_ENV === 'production';
  return {
    backendUrl: env.BACKEND_URL ?? 'http://127.0.0.1:4100',
    mainzellisteUrl: (env.MAINZELLISTE_URL ?? 'http://127.0.0.1:4200').replace(/\/+$/, ''),
    webDist: env.WEB_DIST,
    introspection: env.GRAPHQL_INTROSPECTION ? env.GRAPHQL_INTROSPECTION === 'true' : !production,
    persistedOperations: env.PERSISTED_OPERATIONS || (env.WEB_DIST ? join(env.WEB_DIST, 'persisted-operations.json') : undefined),
    persistedOperationsOnlyForWeb: env.PERSISTED_OPERATIONS_ONLY_FOR_WEB ? env.PERSISTED_OPERATIONS_ONLY_FOR_WEB === 'true' : production,
    graphiql: env.GRAPHIQL ? env.GRAPHIQL === 'true' : !production,
    stackTraces: env.GRAPHQL_STACKTRACES === 'true',
    publicOrigins: originsOf(
      env.PUBLIC_ORIGINS ?? [env.PUBLIC_URL ?? 'http://localhost:4000', ...(production ? [] : VITE_DEV_ORIGINS)].join(','),
    ),
    exposeUpstreamCalls: env.EXPOSE_UPSTREAM_CALLS === 'true',
    eventsApiKey: sharedKey(env, production, 'EVENTS_API_KEY', developmentEventsApiKey),
    fileLinkSecret: sharedKey(env, production, 'FILE_LINK_SECRET', developmentFileLinkSecret),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'ecrf:events',
    shutdownGraceMs: shutdownGraceFrom(env),
    trustProxy: env.TRUST_PROXY || 'loopback',
    client: {
      versionLabel: defaultClientConfig.versionLabel,
      idleWarningAfterMs: integer(env.IDLE_WARNING_AFTER_MS, defaultClientConfig.idleWarningAfterMs),
      autoLogoutAfterWarn: integer(env.AUTO_LOGOUT_AFTER_WARN, defaultClientConfig.autoLogoutAfterWarn),
      supportPhone: env.SUPPORT_PHONE ?? defaultClientConfig.supportPhone,
      supportEmail: env.SUPPORT_EMAIL ?? defaultClientConfig.supportEmail,
      operatorName: env.OPERATOR_NAME || defaultClientConfig.operatorName,
      operatorAddress: addressLines(env.OPERATOR_ADDRESS, defaultClientConfig.operatorAddress),
    },
  };
}
