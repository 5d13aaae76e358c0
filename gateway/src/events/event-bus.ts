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
  let started: Promise<void> | undefined;
  const start = async () => {
    const head = await backend.head();
    consumer = backend.consume({
      startAfter: async () => head,
      onEvent: (event) => listeners.forEach((deliver) => deliver(event)),
    });
  };
  return {
    async subscribe(listener) {
      listeners.add(listener);
      started ??= start();
      try {
        await started;
      } catch (error) {
        // The backend did not answer: the next subscription tries again.
        started = undefined;
        listeners.delete(listener);
        throw error;
      }
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await consumer?.close();
    },
  };
}
