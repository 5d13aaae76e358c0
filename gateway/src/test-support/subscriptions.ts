/**
 * A real graphql-ws client (the `graphql-ws` package over `ws`) for subscription tests: it collects what a
 * subscription sends and waits for it without timing assertions.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export type Received<T> = { data?: T | null; errors?: readonly { message: string; extensions?: Record<string, unknown> }[] };

export type Subscription<T> = {
  received: Received<T>[];
  /** Resolves once `count` results have arrived (or the subscription ended); rejects after `waitMs`. */
  waitFor(count: number, waitMs?: number): Promise<Received<T>[]>;
  /** Resolves when the server completed the subscription. */
  completed: Promise<void>;
  close(): Promise<void>;
};

export function wsClient(httpUrl: string, token: string): Client {
  return createClient({
    url: `${httpUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
}

export function subscribe<T>(client: Client, query: string, variables: Record<string, unknown> = {}): Subscription<T> {
  const received: Received<T>[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  let finish: () => void = () => undefined;
  const completed = new Promise<void>((resolve) => (finish = resolve));
  const notify = () => waiters.splice(0).forEach((wake) => wake());
  const unsubscribe = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        received.push(value as Received<T>);
        notify();
      },
      error: (error) => {
        received.push({ errors: [{ message: error instanceof Error ? error.message : JSON.stringify(error) }] });
        done = true;
        finish();
        notify();
      },
      complete: () => {
        done = true;
        finish();
        notify();
      },
    },
  );
  return {
    received,
    completed,
    async waitFor(count, waitMs = 20_000) {
      const deadline = Date.now() + waitMs;
      while (received.length < count && !done) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} results, got ${received.length}: ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    async close() {
      unsubscribe();
    },
  };
}
