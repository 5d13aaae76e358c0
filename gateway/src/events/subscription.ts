/**
 * One subscription of the graph over the live events: each event of the wanted types is checked against the
 * subscriber's viewer snapshot, then its payload is read with a fresh per-event context on the subscriber's
 * token (no stale DataLoader cache), so the backend checks again. An expired token ends the subscription
 * with an UNAUTHENTICATED error; the client signs in again and resubscribes with `after`.
 */
import { GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { compareEventIds, isEventId, type DomainEvent, type DomainEventType } from './domain-event.js';
import { cancellable, subscriptionEvents } from './live-stream.js';
import { loadViewerSnapshot, viewerSnapshots, type ViewerSnapshot } from './viewer-snapshot.js';

/** What a subscription's iterator yields; the field resolver answers the update or throws the error. */
export type Delivery<T> = { update: T } | { error: GraphQLError };

export type SubscriptionOptions<T> = {
  after: string | null | undefined;
  types: readonly DomainEventType[];
  /** Whether the subscriber may receive the event, judged by the snapshot (and the filter of the subscription). */
  visible(event: DomainEvent, viewer: ViewerSnapshot, context: GatewayContext): Promise<boolean> | boolean;
  /** The payload read anew on the subscriber's token; null when the backend no longer shows it to them. */
  resolve(event: DomainEvent, context: GatewayContext): Promise<T | null>;
  /**
   * The payload is the state as it is now, not the event's change (a dashboard): an event is passed over when a
   * later one the subscriber may receive is already waiting, so a burst costs one read, for its last event.
   */
  latestOnly?: boolean;
};

/**
 * The backend no longer shows the record to this subscriber (403/404: a race with a change of rights or
 * state, or a definition the viewer may not read): the event is not for them.
 */
async function unlessRefused<T>(run: () => Promise<T | null>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

const ended = (code: string, message: string): GraphQLError => new GraphQLError(message, { extensions: { code } });

export function liveSubscription<T>(context: GatewayContext, options: SubscriptionOptions<T>): AsyncIterableIterator<Delivery<T>> {
  const after = options.after ?? null;
  if (after !== null && !isEventId(after)) throw ended('BAD_USER_INPUT', 'after is not an event id');
  const snapshot = viewerSnapshots(() => loadViewerSnapshot(context));
  return cancellable(async function* (signal) {
    try {
      // Refused at once when the token is no longer valid, before any event.
      await snapshot();
      const waiting: DomainEvent[] = [];
      const wanted = (event: DomainEvent) => options.types.includes(event.type as DomainEventType);
      const visible = async (event: DomainEvent, viewer: ViewerSnapshot) =>
        wanted(event) && (await options.visible(event, viewer, context));
      const supersededFor = async (event: DomainEvent, viewer: ViewerSnapshot) => {
        for (const later of waiting) if (compareEventIds(later.id, event.id) > 0 && (await visible(later, viewer))) return true;
        return false;
      };
      for await (const event of subscriptionEvents(context.live, after, signal, waiting)) {
        if (!wanted(event)) continue;
        context.renew();
        const viewer = await snapshot();
        const update = await unlessRefused(async () => {
          if (!(await visible(event, viewer))) return null;
          if (options.latestOnly && (await supersededFor(event, viewer))) return null;
          return options.resolve(event, context);
        });
        if (update !== null) yield { update };
      }
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 401) {
        yield { error: ended('UNAUTHENTICATED', 'the session has expired: sign in again and subscribe with after') };
        return;
      }
      // The subscription ends; the client resubscribes with the last eventId it received and misses nothing.
      yield { error: ended('UPSTREAM_UNAVAILABLE', `live events interrupted: ${(error as Error).message}`) };
    }
  });
}

/** The field resolver of a subscription: the update, or the error that ends it. */
export function delivered<T>(delivery: Delivery<T>): T {
  if ('error' in delivery) throw delivery.error;
  return delivery.update;
}
