/**
 * The HTTP side of the Relay network: POST /graphql with the bearer token, one refresh-and-retry on
 * UNAUTHENTICATED (ecrf-calls.md §4), and the error reporting of ecrf-core.md §8.
 */
import type { GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';
import {
  NetworkError,
  SessionExpiredError,
  RefusedError,
  isRefused,
  isUnauthenticated,
  isUpstreamUnavailable,
  reportForException,
  reportForGraphQLErrors,
} from '../errors/errorCatalogue';
import type { ErrorReport, GraphQLErrorLike } from '../errors/errorCatalogue';
import type { SessionTokens } from '../session/sessionStore';

/**
 * A request that has not answered after this long ends as a network failure. The spec names no request
 * time-out; 30 s lies above the gateway's upstream time-out (20 s, gateway/src/upstream/backend-client.ts),
 * so a hung backend reaches the user as the gateway's UPSTREAM_UNAVAILABLE and only a hung gateway as this.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

type JsonResponse = { data?: Record<string, unknown> | null; errors?: GraphQLErrorLike[] };

type Transport = { fetch: typeof fetch; endpoint: string };

export type FetchGraphQLDeps = Transport & {
  getToken: () => string | null;
  /**
   * The request was refused with `staleToken`: resolves true once a newer token is stored. The tabs of a session
   * renew it together (session/tabSession.ts), since a refresh token is single-use.
   */
  renewSession: (staleToken: string | null) => Promise<boolean>;
  /** Called once when the refresh token is refused: log out and return to the login page. */
  onSessionExpired: () => void;
  /** Called for errors that are to be shown (alert) or only logged (warn). */
  onError: (report: ErrorReport) => void;
};

/** Operations that must not trigger a refresh: the sign-in calls themselves and the sign-out. */
const NO_REFRESH = new Set(['SignInMutation', 'RefreshSessionMutation', 'SignOutMutation']);
/** Operations whose errors their screen shows itself (login form, password forms, external sign-in). */
const HANDLED_BY_SCREEN = new Set([
  'SignInMutation',
  'RefreshSessionMutation',
  'SignOutMutation',
  'ChangePasswordMutation',
  'RequestPasswordRecoveryMutation',
  'ResetPasswordMutation',
]);

/**
 * The operation as the gateway takes it: the id relay-compiler persisted (persistConfig in relay.config.js), which
 * the production gateway requires of browsers (docs/gateway.md "Persisted operations and integrators"), or the text
 * of an operation compiled without persisting (component tests).
 */
export function operationOf(request: RequestParameters): { doc_id: string } | { query: string } {
  return request.id !== null ? { doc_id: request.id } : { query: request.text ?? '' };
}

/** One POST of an operation; a failed fetch is a NetworkError, an answer without JSON an Error. */
async function post(transport: Transport, request: RequestParameters, variables: Variables, token: string | null): Promise<JsonResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await transport.fetch(transport.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...operationOf(request), variables, operationName: request.name }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const body: unknown = await response.json().catch(() => null);
  if (body === null || typeof body !== 'object') {
    throw new Error(`${response.status} ${response.statusText}`.trim());
  }
  return body as JsonResponse;
}

/**
 * The server's renewal (ecrf-calls.md §4): the refresh token for a new pair, or null when it is refused. The same
 * compiled RefreshSessionMutation the app uses elsewhere, sent without the Relay store.
 */
export function createSessionRefresh(transport: Transport, refreshRequest: RequestParameters) {
  return async (refreshToken: string): Promise<SessionTokens | null> => {
    const result = await post(transport, refreshRequest, { input: { refreshToken } }, null);
    const session = (result.data?.refreshSession as { session?: SessionTokens | null } | undefined)?.session;
    if ((result.errors?.length ?? 0) > 0 || session == null) return null;
    return { token: session.token, refreshToken: session.refreshToken };
  };
}

export function createFetchGraphQL(deps: FetchGraphQLDeps) {
  async function execute(request: RequestParameters, variables: Variables): Promise<JsonResponse> {
    const sent = deps.getToken();
    const first = await post(deps, request, variables, sent);
    if (NO_REFRESH.has(request.name) || !isUnauthenticated(first.errors)) return first;
    const renewed = await deps.renewSession(sent);
    const retried = renewed ? await post(deps, request, variables, deps.getToken()) : null;
    if (retried === null || isUnauthenticated(retried.errors)) {
      deps.onSessionExpired();
      throw new SessionExpiredError();
    }
    return retried;
  }

  return async function fetchGraphQL(request: RequestParameters, variables: Variables): Promise<GraphQLResponse> {
    const name = request.name;
    const handledByScreen = HANDLED_BY_SCREEN.has(name);
    let result: JsonResponse;
    try {
      result = await execute(request, variables);
    } catch (error) {
      if (!handledByScreen && !(error instanceof SessionExpiredError)) deps.onError(reportForException(error));
      throw error;
    }
    if (result.errors !== undefined && result.errors.length > 0 && !handledByScreen) {
      deps.onError(reportForGraphQLErrors(result.errors));
    }
    // An unreachable backend leaves nothing to show: the screen fails as on a network failure.
    if (result.data == null && isUpstreamUnavailable(result.errors)) throw new NetworkError(result.errors);
    // A refused query leaves its screen nothing to show; the alert above already says why in German.
    if (result.data == null && request.operationKind === 'query' && isRefused(result.errors)) throw new RefusedError(result.errors);
    return result as GraphQLResponse;
  };
}
