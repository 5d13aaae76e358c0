import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import type { ConcreteRequest } from 'relay-runtime';
import { refreshSessionMutation } from '../mutations/RefreshSessionMutation';
import { getRefreshToken, getToken, storeSession, subscribeSession } from '../session/sessionStore';
import { createTabSession, type TabSession } from '../session/tabSession';
import type { ErrorReport } from '../errors/errorCatalogue';
import { createFetchGraphQL, createSessionRefresh } from './fetchGraphQL';
import { createSubscriptionNetwork, webSocketUrl, type SubscriptionNetwork } from './subscriptions';

export const GRAPHQL_ENDPOINT = '/graphql';

let subscriptions: SubscriptionNetwork | null = null;

/**
 * One graphql-ws client for the page: it follows the stored token (sign-in, refresh, logout), so the
 * environments of consecutive sessions share it; a logout's new environment drops the old subscriptions.
 */
function sharedSubscriptions(): SubscriptionNetwork {
  subscriptions ??= createSubscriptionNetwork({ url: webSocketUrl(GRAPHQL_ENDPOINT, window.location), getToken, subscribeSession });
  return subscriptions;
}

let tabSession: TabSession | null = null;

/** The page's part in its session, shared with the other tabs of it (session/tabSession.ts). */
export function sharedTabSession(): TabSession {
  tabSession ??= createTabSession({
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ecrf.session'),
    locks: typeof navigator.locks === 'undefined' ? null : navigator.locks,
    getTokens: () => {
      const token = getToken();
      const refreshToken = getRefreshToken();
      return token === null || refreshToken === null ? null : { token, refreshToken };
    },
    storeTokens: storeSession,
    subscribe: subscribeSession,
    refresh: createSessionRefresh(
      { fetch: (input, init) => window.fetch(input, init), endpoint: GRAPHQL_ENDPOINT },
      (refreshSessionMutation as ConcreteRequest).params,
    ),
  });
  return tabSession;
}

export type EnvironmentCallbacks = {
  onSessionExpired: () => void;
  onError: (report: ErrorReport) => void;
};

/** POST /graphql in the stored session: its bearer token, one refresh-and-retry (also GraphiQL's network). */
export function createSessionFetchGraphQL(callbacks: EnvironmentCallbacks) {
  return createFetchGraphQL({
    fetch: (input, init) => window.fetch(input, init),
    endpoint: GRAPHQL_ENDPOINT,
    getToken,
    renewSession: (staleToken) => sharedTabSession().renew(staleToken),
    onSessionExpired: callbacks.onSessionExpired,
    onError: callbacks.onError,
  });
}

/**
 * A fresh Relay environment with an empty store. Logout replaces the environment, which drops every
 * record loaded for the previous user (ecrf-core.md §4: logout clears all loaded data).
 */
export function createRelayEnvironment(callbacks: EnvironmentCallbacks): Environment {
  const fetchGraphQL = createSessionFetchGraphQL(callbacks);
  return new Environment({
    network: Network.create(fetchGraphQL, sharedSubscriptions().subscribe),
    store: new Store(new RecordSource()),
  });
}
