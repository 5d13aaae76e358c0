/**
 * The failover test's clients (issue 16 item 5): GraphQL over HTTP as the web app sends it, and subscribers
 * that, like the web app's, subscribe again with the last `eventId` they received when their connection drops.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

export type GraphAnswer<T> = { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** One GraphQL request; a dropped connection or a 5xx of a dying process is thrown, as a client sees it. */
export async function graph<T>(baseUrl: string, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = (await response.json()) as GraphAnswer<T>;
  if (!response.ok || answer.errors || !answer.data) throw new Error(`${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** Runs `call` until it answers: for the fixtures around the failover, never for the counted load. */
export async function untilAnswered<T>(call: () => Promise<T>, waitMs = 60_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export type Subscriber = {
  /** Event ids in the order received, duplicates included (the test counts them). */
  eventIds: string[];
  /** Milliseconds from each dropped connection to the next acknowledged one. */
  reconnects: number[];
  close(): void;
};

/** A dataQueryUpdated subscriber that resumes after its last event id whenever its connection drops. */
export function resumingSubscriber(baseUrl: string, token: string, after: string): Subscriber {
  const eventIds: string[] = [];
  const reconnects: number[] = [];
  let droppedAt: number | undefined;
  let closed = false;
  let dispose: () => void = () => undefined;

  const connect = () => {
    if (closed) return;
    const client = createClient({
      url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      // The client itself does not retry: a retry would resend the first `after`; this one sends the last.
      retryAttempts: 0,
      lazy: true,
      on: {
        connected: () => {
          if (droppedAt !== undefined) reconnects.push(Date.now() - droppedAt);
          droppedAt = undefined;
        },
      },
    });
    const again = () => {
      droppedAt ??= Date.now();
      void client.dispose();
      if (!closed) setTimeout(connect, 100 + Math.floor(Math.random() * 200));
    };
    const unsubscribe = client.subscribe<{ dataQueryUpdated: { eventId: string } }>(
      {
        query: 'subscription($after: String) { dataQueryUpdated(after: $after) { eventId } }',
        variables: { after: eventIds.at(-1) ?? after },
      },
      {
        next: ({ data }) => data && eventIds.push(data.dataQueryUpdated.eventId),
        error: again,
        complete: again,
      },
    );
    dispose = () => {
      unsubscribe();
      void client.dispose();
    };
  };
  connect();
  return {
    eventIds,
    reconnects,
    close() {
      closed = true;
      dispose();
    },
  };
}
