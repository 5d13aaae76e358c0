import { describe, expect, it } from 'vitest';
import type { RequestParameters } from 'relay-runtime';
import { createSubscriptionNetwork, eventIdOf, TOKEN_CHANGED_CLOSE_CODE, webSocketUrl } from './subscriptions';

type Message = { type: string; id?: string; payload?: Record<string, unknown> };

/** A WebSocket the test drives: it answers the graphql-ws handshake and hands out what the client sent. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static sockets: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  protocol = 'graphql-transport-ws';
  sent: Message[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.sockets.push(this);
    queueMicrotask(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }

  send(data: string) {
    const message = JSON.parse(data) as Message;
    this.sent.push(message);
    if (message.type === 'connection_init') queueMicrotask(() => this.receive({ type: 'connection_ack' }));
  }

  receive(message: Message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  close(code = 1000, reason = '') {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason, wasClean: true });
  }

  /** The network drops: the socket closes without the client asking. */
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code: 1006, reason: '', wasClean: false });
  }
}

const request = { name: 'QueryOverviewScreenSubscription', id: 'query-overview-id', text: null } as RequestParameters;

async function until<T>(read: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('timed out');
}

function setup() {
  FakeSocket.sockets = [];
  let token = 'token-1';
  const sessionListeners: (() => void)[] = [];
  const network = createSubscriptionNetwork({
    url: 'ws://registry.test/graphql',
    getToken: () => token,
    subscribeSession: (listener) => {
      sessionListeners.push(listener);
      return () => undefined;
    },
    webSocketImpl: FakeSocket,
    retryWait: () => Promise.resolve(),
  });
  const received: unknown[] = [];
  network.subscribe(request, { after: null }).subscribe({ next: (response) => received.push(response) });
  const subscribeOn = (socket: FakeSocket) => until(() => socket.sent.find((message) => message.type === 'subscribe'));
  const refresh = (next: string) => {
    token = next;
    for (const listener of sessionListeners) listener();
  };
  return { received, subscribeOn, refresh };
}

describe('Relay subscriptions over graphql-ws', () => {
  it('sends the token in the connection parameters', async () => {
    setup();
    const socket = await until(() => FakeSocket.sockets[0]);
    const init = await until(() => socket.sent.find((message) => message.type === 'connection_init'));
    expect(init.payload).toEqual({ authorization: 'Bearer token-1' });
  });

  it('resumes after the last event received when the connection drops', async () => {
    const { received, subscribeOn } = setup();
    const first = await until(() => FakeSocket.sockets[0]);
    const subscribe = await subscribeOn(first);
    expect((subscribe.payload?.variables as Record<string, unknown>).after).toBeNull();
    first.receive({ type: 'next', id: subscribe.id, payload: { data: { dataQueryUpdated: { eventId: '812-41' } } } });
    first.receive({ type: 'next', id: subscribe.id, payload: { data: { dataQueryUpdated: { eventId: '812-42' } } } });
    expect(received).toHaveLength(2);
    first.drop();
    const second = await until(() => FakeSocket.sockets[1]);
    const again = await subscribeOn(second);
    expect((again.payload?.variables as Record<string, unknown>).after).toBe('812-42');
  });

  it('sends the persisted id in extensions, with an empty query text (issue 15 item 9)', async () => {
    const { subscribeOn } = setup();
    const subscribe = await subscribeOn(await until(() => FakeSocket.sockets[0]));
    expect(subscribe.payload).toMatchObject({ query: '', extensions: { doc_id: 'query-overview-id' } });
  });

  it('reconnects with the new token after a refresh', async () => {
    const { subscribeOn, refresh } = setup();
    const first = await until(() => FakeSocket.sockets[0]);
    await subscribeOn(first);
    refresh('token-2');
    expect(first.closedWith).toBe(TOKEN_CHANGED_CLOSE_CODE);
    const second = await until(() => FakeSocket.sockets[1]);
    const init = await until(() => second.sent.find((message) => message.type === 'connection_init'));
    expect(init.payload).toEqual({ authorization: 'Bearer token-2' });
    await subscribeOn(second);
  });

  it('finds the event id of an answer and builds the socket URL beside the page', () => {
    expect(eventIdOf({ data: { verificationFlagUpdated: { eventId: '9-3', verificationFlag: {} } } })).toBe('9-3');
    expect(eventIdOf({ data: null })).toBeNull();
    expect(webSocketUrl('/graphql', { protocol: 'https:', host: 'ecrf.example' })).toBe('wss://ecrf.example/graphql');
    expect(webSocketUrl('/graphql', { protocol: 'http:', host: 'localhost:4000' })).toBe('ws://localhost:4000/graphql');
  });
});
