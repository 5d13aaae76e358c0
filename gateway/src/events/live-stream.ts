/**
 * The events of one subscription, in order and each once (docs/gateway.md "Subscriptions"). With `after`
 * it listens to the bus first and buffers, reads the missed events from the backend (paged), sends them,
 * then the buffered and live ones, skipping every id already sent: nothing is lost, nothing sent twice.
 */
import { compareEventIds, type DomainEvent } from './domain-event.js';
import type { EventBus } from './event-bus.js';
import type { BackendEvents } from './backend-events.js';

export type EventSourceOfSubscriptions = { bus: EventBus; backend: Pick<BackendEvents, 'since'> };

const REPLAY_PAGE = 500;
/** A subscriber this far behind the live events ends with an error and resumes with `after`, instead of growing memory. */
export const MAX_BUFFERED_EVENTS = 10_000;

/**
 * Ends the stream when `signal` aborts, also while it waits for the next live event. `buffered` receives the
 * live events not yet yielded; a caller that keeps it can see what is already waiting behind an event.
 */
export async function* subscriptionEvents(
  source: EventSourceOfSubscriptions,
  after: string | null,
  signal: AbortSignal,
  buffered: DomainEvent[] = [],
): AsyncGenerator<DomainEvent, void, undefined> {
  let wake: (() => void) | undefined;
  let overflow = false;
  const unsubscribe = await source.bus.subscribe((event) => {
    if (buffered.length >= MAX_BUFFERED_EVENTS) overflow = true;
    else buffered.push(event);
    wake?.();
  });
  const stop = () => wake?.();
  signal.addEventListener('abort', stop);
  try {
    let last = after;
    const fresh = (event: DomainEvent) => last === null || compareEventIds(event.id, last) > 0;
    if (after !== null) {
      for (let page = await source.backend.since(after, REPLAY_PAGE); ; page = await source.backend.since(last ?? after, REPLAY_PAGE)) {
        for (const event of page.events.filter(fresh)) {
          if (signal.aborted) return;
          last = event.id;
          yield event;
        }
        if (page.events.length < REPLAY_PAGE) break;
      }
    }
    while (!signal.aborted) {
      if (overflow) throw new Error(`more than ${MAX_BUFFERED_EVENTS} events waited for this subscriber; subscribe again with after`);
      const event = buffered.shift();
      if (!event) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      if (!fresh(event)) continue;
      last = event.id;
      yield event;
    }
  } finally {
    signal.removeEventListener('abort', stop);
    unsubscribe();
  }
}

/**
 * An async iterator that graphql-ws can end at any time: `return()` aborts the source, so a generator waiting
 * for a live event ends instead of blocking the return behind its pending `next()`.
 */
export function cancellable<T>(start: (signal: AbortSignal) => AsyncGenerator<T, void, undefined>): AsyncIterableIterator<T> {
  const abort = new AbortController();
  const generator = start(abort.signal);
  const iterator: AsyncIterableIterator<T> = {
    next: () => generator.next(),
    return: async () => {
      abort.abort();
      await generator.return(undefined);
      return { done: true, value: undefined };
    },
    throw: async (error: unknown) => {
      abort.abort();
      return generator.throw(error);
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
