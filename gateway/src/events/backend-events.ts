/**
 * The backend's event stream as the gateway reads it (docs/gateway.md "Subscriptions"): `GET /events`
 * (server-sent events, authenticated by `X-Events-Key`) consumed with undici and eventsource-parser, and
 * `GET /events/since` for replays. A dropped stream is resumed after the last event received, with backoff.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Pool } from 'undici';
import { compareEventIds, parseDomainEvent, type DomainEvent } from './domain-event.js';

/** Stands for "before every event" where the backend has none yet. */
export const BEFORE_FIRST_EVENT = '0-0';

const EVENTS_PATH = '/api/v1.0/events';
/** The backend pings every 15 s; a stream silent for longer than this is dead. */
const SILENCE_LIMIT_MS = 60_000;
const MAX_BACKOFF_MS = 10_000;

export type Log = (message: string) => void;

export type BackendEvents = {
  /** Events after `after`, oldest first, at most `limit`; `head` is the newest deliverable event. */
  since(after: string, limit: number): Promise<{ events: DomainEvent[]; head: string | null }>;
  /** The newest deliverable event, or BEFORE_FIRST_EVENT: where a consumer without a cursor starts. */
  head(): Promise<string>;
  /** Streams every event after the position `startAfter` gives to `onEvent`, one at a time, until closed. */
  consume(options: { startAfter: () => Promise<string>; onEvent: (event: DomainEvent) => Promise<void> | void }): StreamConsumer;
};

export type StreamConsumer = { close(): Promise<void> };

export function createBackendEvents(pool: Pool, eventsApiKey: string, log: Log): BackendEvents {
  const headers = { 'x-events-key': eventsApiKey, accept: 'application/json' };

  const since: BackendEvents['since'] = async (after, limit) => {
    const response = await pool.request({
      method: 'GET',
      path: `${EVENTS_PATH}/since?${new URLSearchParams({ after, limit: String(limit) })}`,
      headers,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`events since ${after}: HTTP ${response.statusCode} ${text}`);
    const answer = JSON.parse(text) as { events: unknown[]; head: string | null };
    const events = answer.events.map((event) => parseDomainEvent(JSON.stringify(event)));
    if (events.some((event) => event === null)) throw new Error(`events since ${after}: malformed event`);
    return { events: events as DomainEvent[], head: answer.head };
  };

  return {
    since,
    head: async () => (await since(BEFORE_FIRST_EVENT, 1)).head ?? BEFORE_FIRST_EVENT,
    consume: ({ startAfter, onEvent }) => {
      const abort = new AbortController();
      const running = consumeLoop(pool, headers['x-events-key'], startAfter, onEvent, abort.signal, log);
      return {
        close: async () => {
          abort.abort();
          await running;
        },
      };
    },
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

async function consumeLoop(
  pool: Pool,
  eventsApiKey: string,
  startAfter: () => Promise<string>,
  onEvent: (event: DomainEvent) => Promise<void> | void,
  signal: AbortSignal,
  log: Log,
): Promise<void> {
  let cursor: string | null = null;
  let failures = 0;
  while (!signal.aborted) {
    try {
      cursor ??= await startAfter();
      const response = await pool.request({
        method: 'GET',
        path: EVENTS_PATH,
        headers: { 'x-events-key': eventsApiKey, accept: 'text/event-stream', 'last-event-id': cursor },
        signal,
        bodyTimeout: SILENCE_LIMIT_MS,
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new Error(`HTTP ${response.statusCode}`);
      }
      failures = 0;
      const received: EventSourceMessage[] = [];
      const parser = createParser({ onEvent: (message) => received.push(message) });
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        parser.feed(decoder.decode(chunk, { stream: true }));
        for (const message of received.splice(0)) {
          const event = parseDomainEvent(message.data);
          if (!event) {
            log(`event stream: ignored a malformed event ${message.id ?? ''}`);
            continue;
          }
          // A resumed stream starts after the cursor; anything not later was delivered already.
          if (compareEventIds(event.id, cursor) <= 0) continue;
          await onEvent(event);
          cursor = event.id;
        }
      }
      if (!signal.aborted) log(`event stream ended by the backend; resuming after ${cursor}`);
    } catch (error) {
      if (signal.aborted) break;
      failures += 1;
      log(`event stream dropped (${(error as Error).message}); resuming after ${cursor ?? 'the head'} (attempt ${failures})`);
    }
    await pause(Math.min(250 * 2 ** failures, MAX_BACKOFF_MS), signal);
  }
}
