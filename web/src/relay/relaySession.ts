import { loadQuery } from 'react-relay';
import type { GraphQLTaggedNode, PreloadedQuery } from 'react-relay';
import type { Environment, OperationType } from 'relay-runtime';
import { createRelayEnvironment } from './environment';
import type { EnvironmentCallbacks } from './environment';
import { createEnvironmentEvents } from './environmentEvents';

/**
 * The Relay environment of the current session, held outside React: route loaders preload screen queries
 * with it before anything renders. Logout replaces it (`renew`); the preloaded queries of the old one are
 * disposed, so nothing loaded for the previous user is kept (ecrf-core.md §4).
 */
export type RelaySession = {
  environment: () => Environment;
  /** Re-render when the environment is replaced. */
  subscribe: (listener: () => void) => () => void;
  /** Installs the handlers of the environment's events (navigate, alerts); returns their removal. */
  setHandlers: (handlers: EnvironmentCallbacks) => () => void;
  /** A new environment with an empty store (logout). */
  renew: () => void;
  /**
   * Starts loading `query` now, in the current environment; it stays retained until released. The requests
   * of the queries preloaded before are cancelled: their screens are being left, and a late answer could
   * replace records the next screen has already shown with fewer fields than it reads.
   */
  preload: <T extends OperationType>(query: GraphQLTaggedNode, variables: T['variables']) => PreloadedQuery<T>;
  /** Releases every query preloaded before `shown`: the screens that showed them are gone. */
  releaseBefore: (shown: PreloadedQuery<OperationType>) => void;
};

/** Relay's own type of a loaded query has `cancelNetworkRequest`; @types/react-relay does not list it yet. */
type LoadedQuery = PreloadedQuery<OperationType> & { cancelNetworkRequest: () => void };

export function createRelaySession(createEnvironment = createRelayEnvironment): RelaySession {
  const events = createEnvironmentEvents();
  const listeners = new Set<() => void>();
  let environment = createEnvironment(events.callbacks);
  let preloaded: LoadedQuery[] = [];

  return {
    environment: () => environment,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setHandlers: events.setHandlers,
    renew() {
      for (const query of preloaded) query.dispose();
      preloaded = [];
      environment = createEnvironment(events.callbacks);
      for (const listener of listeners) listener();
    },
    preload<T extends OperationType>(query: GraphQLTaggedNode, variables: T['variables']) {
      // Every screen load asks the server once; the store answers at once with what it already holds.
      for (const earlier of preloaded) earlier.cancelNetworkRequest();
      const reference = loadQuery<T>(environment, query, variables, { fetchPolicy: 'store-and-network' });
      preloaded.push(reference as PreloadedQuery<T> & LoadedQuery);
      return reference;
    },
    releaseBefore(shown) {
      const index = preloaded.findIndex((query) => query === shown);
      if (index <= 0) return;
      for (const query of preloaded.slice(0, index)) query.dispose();
      preloaded = preloaded.slice(index);
    },
  };
}
