import { describe, expect, it } from 'vitest';
import type { GatewayContext } from '../context.js';
import type { DomainEvent } from './domain-event.js';
import type { EventListener } from './event-bus.js';
import { liveSubscription, type Delivery } from './subscription.js';

const event = (n: number, studyId = 's'): DomainEvent => ({
  id: `100-${n}`,
  type: 'DocumentationSaved',
  occurredAt: '2026-11-24T08:00:00.000Z',
  studyId,
  studyPatientId: 'p',
  studyInstituteId: 'l',
  payload: {},
});

/** A subscriber's context with a bus the test publishes to by hand; the viewer is read without a backend. */
function world() {
  const listeners = new Set<EventListener>();
  const context = {
    live: {
      bus: {
        subscribe: async (listener: EventListener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        close: async () => listeners.clear(),
      },
      backend: { since: async () => ({ events: [], head: null }) },
    },
    renew: () => undefined,
    loaders: {
      currentUser: async () => ({ role: { identifier: 'DataManager' } }),
      currentRights: async () => [],
      myStudyInstitutes: async () => [],
    },
  } as unknown as GatewayContext;
  const subscribed = async () => {
    while (listeners.size === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  };
  return { context, subscribed, publish: (...events: DomainEvent[]) => events.forEach((e) => listeners.forEach((l) => l(e))) };
}

/** Subscribes, publishes a burst of events at once and answers which events were read for the subscriber. */
async function burst(latestOnly: boolean, events: DomainEvent[], expected: number): Promise<string[]> {
  const { context, subscribed, publish } = world();
  const read: string[] = [];
  const updates = liveSubscription(context, {
    after: null,
    types: ['DocumentationSaved'],
    visible: (e) => e.studyId === 's',
    resolve: async (e) => {
      read.push(e.id);
      return e.id;
    },
    latestOnly,
  });
  const first = updates.next();
  await subscribed();
  publish(...events);
  const delivered: IteratorResult<Delivery<string>>[] = [await first];
  while (delivered.length < expected) delivered.push(await updates.next());
  await updates.return?.();
  return read;
}

describe('liveSubscription', () => {
  it('reads the payload for each event it sends', async () => {
    expect(await burst(false, [event(1), event(2), event(3)], 3)).toEqual(['100-1', '100-2', '100-3']);
  });

  it('with latestOnly reads a burst once, for its last event', async () => {
    expect(await burst(true, [event(1), event(2), event(3)], 1)).toEqual(['100-3']);
  });

  it('with latestOnly passes over an event only for a later one the subscriber receives', async () => {
    expect(await burst(true, [event(1), event(2, 'other study')], 1)).toEqual(['100-1']);
  });
});
