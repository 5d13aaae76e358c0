/**
 * The subscription side of the Relay network: graphql-ws on the same path as the HTTP endpoint
 * (docs/gateway.md "Subscriptions"). The token travels in the connection parameters; a new token after a
 * refresh reconnects, and every subscription resumes after the last event it received (`after`), so
 * nothing is missed across the reconnect and nothing arrives twice.
 */
import { createClient, type Client } from 'graphql-ws';
import { Observable, type GraphQLResponse, type RequestParameters, type Variables } from 'relay-runtime';

export type SubscriptionDeps = {
  url: string;
  getToken: () => string | null;
  /** Calls the listener whenever the stored session changes (sign-in, refresh, logout). */
  subscribeSession: (listener: () => void) => () => void;
  /** graphql-ws's WebSocket implementation (tests pass their own). */
  webSocketImpl?: unknown;
  /** The wait before a reconnect; graphql-ws's randomised back-off when left out. */
  retryWait?: (retries: number) => Promise<void>;
};

/** Close code of a socket closed because the token changed: graphql-ws retries codes outside its fatal list. */
export const TOKEN_CHANGED_CLOSE_CODE = 4205;

/** The event id of a subscription answer: each root field of our subscriptions carries `eventId`. */
export function eventIdOf(response: { data?: unknown }): string | null {
  const data = response.data;
  if (data === null || typeof data !== 'object') return null;
  for (const value of Object.values(data)) {
    if (value !== null && typeof value === 'object' && 'eventId' in value && typeof value.eventId === 'string') return value.eventId;
  }
  return null;
}

/** The WebSocket URL of a same-origin path: ws: beside http:, wss: beside https:. */
export function webSocketUrl(path: string, location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}

/**
 * graphql-ws requires a `query` text: a persisted subscription sends an empty one and its id in `extensions.doc_id`,
 * which the gateway resolves (docs/gateway.md "Persisted operations and integrators").
 */
export function subscriptionOperationOf(request: RequestParameters): { query: string; extensions?: { doc_id: string } } {
  return request.id !== null ? { query: '', extensions: { doc_id: request.id } } : { query: request.text ?? '' };
}

export type SubscriptionNetwork = {
  subscribe: (request: RequestParameters, variables: Variables) => Observable<GraphQLResponse>;
  client: Client;
};

export function createSubscriptionNetwork(deps: SubscriptionDeps): SubscriptionNetwork {
  let socket: WebSocket | null = null;
  let connectedWith: string | null = null;
  const client = createClient({
    url: deps.url,
    webSocketImpl: deps.webSocketImpl,
    retryWait: deps.retryWait,
    connectionParams: () => {
      connectedWith = deps.getToken();
      return connectedWith === null ? {} : { authorization: `Bearer ${connectedWith}` };
    },
    // Live screens stay open for hours: keep trying after the gateway restarts or the network drops.
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    on: {
      connected: (connected) => {
        socket = connected as WebSocket;
      },
      closed: () => {
        socket = null;
      },
    },
  });
  deps.subscribeSession(() => {
    const token = deps.getToken();
    // The gateway authorises the socket once, at its start: another token (a refresh, the next user) needs a new socket.
    if (socket !== null && token !== connectedWith) socket.close(TOKEN_CHANGED_CLOSE_CODE, 'token changed');
  });

  function subscribe(request: RequestParameters, variables: Variables): Observable<GraphQLResponse> {
    // graphql-ws sends this very payload again after a reconnect: moving `after` on resumes where it stopped.
    const payload = { operationName: request.name, ...subscriptionOperationOf(request), variables: { ...variables } };
    return Observable.create<GraphQLResponse>((sink) =>
      client.subscribe(payload, {
        next: (response) => {
          const eventId = eventIdOf(response);
          if (eventId !== null && 'after' in payload.variables) payload.variables.after = eventId;
          sink.next(response as GraphQLResponse);
        },
        error: (error) => sink.error(error instanceof Error ? error : new Error(describe(error))),
        complete: () => sink.complete(),
      }),
    );
  }
  return { subscribe, client };
}

function describe(error: unknown): string {
  if (Array.isArray(error)) return error.map((item: { message?: string }) => item.message ?? String(item)).join(', ');
  if (error !== null && typeof error === 'object' && 'reason' in error) return `WebSocket closed: ${String(error.reason)}`;
  return String(error);
}
