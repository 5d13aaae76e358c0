/** Authentication calls (ecrf-calls.md §7 Authentication; ecrf-core.md §7 sign-in and session). */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { Uuid, routeSchema } from '../http/schemas.js';
import { signIn } from './auth.service.js';
import { createSignInThrottle, tooManyAttempts } from './throttling.js';
import { EcrfError, type ErrorCode } from '../errors/errors.js';
import { refreshSignIn, revokeAllRefreshTokens } from './refresh.service.js';

const TokenPair = Type.Object({
  token: Type.String({ description: 'access token (JWT), sent as Authorization: Bearer' }),
  refreshToken: Type.String({ description: 'single-use; exchange at Auth/refreshLogin' }),
  expiresAt: Type.String({ format: 'date-time', description: 'expiry of the access token' }),
  userId: Uuid,
});

const tags = ['Auth'];

/** Failed sign-ins: a wrong password or unknown name, and tries at a locked account. */
const COUNTED_FAILURES: ReadonlySet<ErrorCode> = new Set(['ECRF_ERR_INVALID_CREDENTIALS', 'ECRF_ERR_ACCOUNT_LOCKED']);

export function registerAuthRoutes(app: App, deps: AppDeps): void {
  const signInThrottle = createSignInThrottle(
    deps.db,
    `${deps.config.throttleNamespace}:sign-in`,
    deps.config.throttling.signIn,
    deps.config.clock,
  );
  app.post(
    '/Auth',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'signIn',
        tags,
        summary: 'Sign in with user name and password',
        isPublic: true,
        body: Type.Object({ userName: Type.String({ minLength: 1 }), password: Type.String({ minLength: 1 }) }),
        response: { 200: TokenPair },
        errors: [401, 403, 423, 429],
      }),
    },
    async (request, reply) => {
      const { addressWaitMs } = await signInThrottle.admit(reply, request.ip, request.body.userName);
      try {
        return await signIn(deps, request.body.userName, request.body.password);
      } catch (error) {
        if (!(error instanceof EcrfError) || !COUNTED_FAILURES.has(error.code)) throw error;
        await signInThrottle.count(request.ip, request.body.userName);
        // Past the address's limit a failure tells nothing more: 429 whatever the cause, for known and unknown names.
        throw addressWaitMs > 0 ? tooManyAttempts(reply, addressWaitMs) : error;
      }
    },
  );

  app.post(
    '/Auth/refreshLogin',
    {
      config: { access: { public: true } },
      schema: routeSchema({
        operationId: 'refreshSignIn',
        tags,
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        isPublic: true,
        body: Type.Object({ refreshToken: Type.String({ minLength: 1 }) }),
        response: { 200: TokenPair },
        errors: [401],
      }),
    },
    (request) => refreshSignIn(deps, request.body.refreshToken),
  );

  app.delete(
    '/Auth/:userId',
    {
      config: { access: { right: 'AuthDeleteCmd', orSelf: { params: 'userId' } } },
      schema: routeSchema({
        operationId: 'signOutEverywhere',
        tags,
        summary: 'Revoke all refresh tokens of a user (oneself, or with AuthDeleteCmd)',
        params: Type.Object({ userId: Uuid }),
        response: { 204: Type.Null() },
      }),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await deps.db
        .transaction()
        .execute((trx) => revokeAllRefreshTokens(trx, { userId: caller.id, userName: caller.userName }, request.params.userId, 'sign-out'));
      return reply.status(204).send(null);
    },
  );
}
