/**
 * Fan-out of the backend's events to the subscriptions of this gateway. One consumer of the backend stream
 * per gateway process (in memory) or per group of replicas (Redis, redis-bus.ts). Consumption starts with
 * the first subscription.
 */
import type { DomainEvent } from './domain-event.js';
import type { BackendEvents, StreamConsumer } from './backend-events.js';

export type EventListener = (event: DomainEvent) => void;

export type EventBus = {
  /**
   * Adds a listener. Resolves once every event that becomes deliverable from now on will reach it (the
   * consumer's start position is fixed), so a replay read afterwards leaves no gap. Answers the unsubscribe.
   */
  subscribe(listener: EventListener): Promise<() => void>;
  close(): Promise<void>;
};

export function createMemoryBus(backend: BackendEvents): EventBus {
  const listeners = new Set<EventListener>();
  let consumer: StreamConsumer | undefined;
  let started: Promise<unknown> | undefined;
  return {
    async subscribe(listener) {
      listeners.add(listener);
      if (!started) {
        const head = backend.head();
        started = head;
        consumer = backend.consume({
          startAfter: () => head,
          onEvent: (event) => listeners.forEach((deliver) => deliver(event)),
        });
      }
      await started;
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await consumer?.close();
    },
  };
}
