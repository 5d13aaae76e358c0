/**
 * Route access: every API route declares in its config either `public`, the right it needs
 * (ARCHITECTURE.md "Rights are checked on every route by their spec names"), or `eventsKey`: the domain
 * event stream is read by gateways, not users, with the shared key EVENTS_API_KEY. The onRequest hook signs
 * the caller in from the bearer token; the preHandler checks the right after validation, so rights that
 * also allow acting on oneself can compare the validated id. A job credential (an access token naming an oBDS
 * import) passes the same checks and is taken only on the routes of its import's runner (`jobStep`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { forbidden, unauthenticated } from '../errors/errors.js';
import { verifyAccessToken } from '../credentials/tokens.js';
import { isSessionOpen } from '../credentials/sessions.js';
import { hasRight, type RightName } from '@ecrf/rules';
import { findActiveCaller } from '../credentials/callers.sql.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

/** Where a route finds the user id that makes the caller "oneself". */
export type SelfSource = { params: string } | { body: string };

/**
 * The calls of the oBDS import's runner, the only routes its job credential is taken on
 * (obds-import/obds-job-credential.ts): `importStep` moves the import named in the path (`:id`), `match` is a
 * check-match call of the pseudonymisation service the runner makes per patient.
 */
export type JobStep = 'importStep' | 'match';

/**
 * `anyRight`: routes shared by several rights (export jobs of every kind); the handler then checks the right
 * of the record it touches.
 */
export type RouteAccess =
  | { public: true }
  | { eventsKey: true }
  | { right: RightName; orSelf?: SelfSource; jobStep?: JobStep }
  | { anyRight: readonly RightName[] };

export const EVENTS_KEY_HEADER = 'x-events-key';

export type CurrentUser = {
  id: string;
  userName: string;
  roleId: string;
  roleIdentifier: string;
  rights: ReadonlySet<string>;
  /** What the caller signed in with: the session, and the oBDS import when it is that import's job credential. */
  credential?: { sessionId: string; importId?: string };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

/** The signed-in caller of a protected route (the auth hook guarantees one). */
export function callerOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthenticated();
  return request.currentUser;
}

/** The active user with their role's rights; null when deactivated or deleted. */
export async function loadCaller(db: Kysely<DB>, userId: string): Promise<CurrentUser | null> {
  const caller = await findActiveCaller(db, userId);
  return caller ? { ...caller, rights: new Set(caller.rights) } : null;
}

function selfId(request: FastifyRequest, source: SelfSource): unknown {
  if ('params' in source) return (request.params as Record<string, unknown> | undefined)?.[source.params];
  return (request.body as Record<string, unknown> | undefined)?.[source.body];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Compares in constant time, so the answer's timing does not reveal how much of a key was right. */
function sameKey(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Admits a request made with a job credential (a token naming an import) on a route with its `jobStep`, or throws;
 * given by the app (obds-import/obds-job-credential.ts), so route access does not import the import's module.
 */
export type AdmitJobCredential = (
  credential: { userId: string; importId: string },
  step: JobStep | undefined,
  params: unknown,
) => Promise<void>;

export function registerRouteAccess(
  app: FastifyInstance,
  db: Kysely<DB>,
  keys: { jwtSecret: Uint8Array; eventsApiKey: string },
  admitJobCredential: AdmitJobCredential,
): void {
  const { jwtSecret } = keys;
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    if ('eventsKey' in access) {
      if (!sameKey(request.headers[EVENTS_KEY_HEADER], keys.eventsApiKey)) throw unauthenticated(ACCESS_MESSAGES.eventsKey);
      return;
    }
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthenticated(ACCESS_MESSAGES.noToken);
    const claims = await verifyAccessToken(match[1], jwtSecret);
    if (!claims || !UUID.test(claims.userId) || !UUID.test(claims.sessionId)) throw unauthenticated(ACCESS_MESSAGES.invalidToken);
    if (!(await isSessionOpen(db, claims.sessionId))) throw unauthenticated(ACCESS_MESSAGES.sessionEnded);
    // Loaded per request so deactivation and role changes take effect at once, not after token expiry.
    const caller = await loadCaller(db, claims.userId);
    if (!caller) throw unauthenticated(ACCESS_MESSAGES.accountInactive);
    const { sessionId, importId } = claims;
    if (importId !== undefined)
      await admitJobCredential({ userId: caller.id, importId }, 'right' in access ? access.jobStep : undefined, request.params);
    request.currentUser = { ...caller, credential: { sessionId, ...(importId !== undefined ? { importId } : {}) } };
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access || 'eventsKey' in access) return;
    const caller = callerOf(request);
    if ('anyRight' in access) {
      if (access.anyRight.some((right) => hasRight(caller.rights, right))) return;
      throw forbidden(ACCESS_MESSAGES.missingOneRight(access.anyRight));
    }
    if (hasRight(caller.rights, access.right)) return;
    if (access.orSelf && selfId(request, access.orSelf) === caller.id) return;
    throw forbidden(ACCESS_MESSAGES.missingRight(access.right));
  });
}
