import { describe, expect, it } from 'vitest';
import type { DomainEvent } from './domain-event.js';
import type { EventBus, EventListener } from './event-bus.js';
import { MAX_BUFFERED_EVENTS, cancellable, subscriptionEvents, type EventSourceOfSubscriptions } from './live-stream.js';

const event = (n: number): DomainEvent => ({
  id: `100-${n}`,
  type: 'DataQueryChanged',
  occurredAt: '2026-11-24T08:00:00.000Z',
  studyId: 's',
  studyPatientId: 'p',
  studyInstituteId: 'l',
  payload: { n },
});

/** A backend history and a bus the test publishes to by hand. */
function source(history: DomainEvent[], onReplay: (after: string) => void = () => undefined) {
  const listeners = new Set<EventListener>();
  const bus: EventBus = {
    subscribe: async (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => listeners.clear(),
  };
  const replays: string[] = [];
  const events: EventSourceOfSubscriptions = {
    bus,
    backend: {
      since: async (after, limit) => {
        replays.push(after);
        onReplay(after);
        const [, row] = after.split('-').map(Number);
        const later = history.filter((e) => Number(e.id.split('-')[1]) > (row ?? 0)).slice(0, limit);
        return { events: later, head: history.at(-1)?.id ?? null };
      },
    },
  };
  return { events, listeners, replays, publish: (e: DomainEvent) => listeners.forEach((l) => l(e)) };
}

async function take(iterator: AsyncIterator<DomainEvent>, count: number): Promise<number[]> {
  const seen: number[] = [];
  while (seen.length < count) {
    const { value, done } = await iterator.next();
    if (done) break;
    seen.push(value.payload.n as number);
  }
  return seen;
}

describe('the events of one subscription', () => {
  it('sends the missed events, then the live ones, each once, although the bus repeats what the replay read', async () => {
    const history = [1, 2, 3, 4].map(event);
    // Events 3 and 4 reach the bus while the replay reads them: they arrive both ways.
    const world = source(history, () => [3, 4, 5].forEach((n) => world.publish(event(n))));
    const stream = cancellable((signal) => subscriptionEvents(world.events, '100-1', signal));
    const first = take(stream, 4);
    expect(await first).toEqual([2, 3, 4, 5]);
    world.publish(event(4));
    world.publish(event(6));
    expect(await take(stream, 1)).toEqual([6]);
    await stream.return?.();
    expect(world.listeners.size).toBe(0);
  });

  it('pages through a long replay', async () => {
    const history = Array.from({ length: 1200 }, (_, index) => event(index + 1));
    const world = source(history);
    const stream = cancellable((signal) => subscriptionEvents(world.events, '100-0', signal));
    const seen = await take(stream, 1200);
    expect(seen).toEqual(history.map((_, index) => index + 1));
    expect(world.replays).toEqual(['100-0', '100-500', '100-1000']);
    await stream.return?.();
  });

  it('without `after` sends only what happens from now on', async () => {
    const world = source([1, 2].map(event));
    const stream = cancellable((signal) => subscriptionEvents(world.events, null, signal));
    const next = take(stream, 2);
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    world.publish(event(3));
    world.publish(event(4));
    expect(await next).toEqual([3, 4]);
    expect(world.replays).toEqual([]);
    await stream.return?.();
  });

  it('ends while it waits for a live event when the client completes', async () => {
    const world = source([]);
    const stream = cancellable((signal) => subscriptionEvents(world.events, null, signal));
    const pending = stream.next();
    await new Promise((resolve) => setImmediate(resolve));
    await stream.return?.();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(world.listeners.size).toBe(0);
  });

  it('ends a subscriber that falls too far behind, which then resumes with `after`', async () => {
    const world = source([]);
    const stream = cancellable((signal) => subscriptionEvents(world.events, null, signal));
    const first = stream.next();
    await new Promise((resolve) => setImmediate(resolve));
    for (let n = 1; n <= MAX_BUFFERED_EVENTS + 1; n += 1) world.publish(event(n));
    await expect(first).rejects.toThrow(/subscribe again with after/);
    expect(world.listeners.size).toBe(0);
  });
});
