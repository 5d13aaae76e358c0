/**
 * What a subscriber is, for re-authorising each event (docs/gateway.md "Subscriptions"): role, rights and
 * locations, read with the subscriber's token and refreshed when older than a minute, so a changed role or
 * location takes effect without resubscribing.
 */
import type { DataQueryViewer } from '@ecrf/rules';
import type { GatewayContext } from '../context.js';

export type ViewerSnapshot = DataQueryViewer & { rights: ReadonlySet<string>; locationIds: ReadonlySet<string> };

export const SNAPSHOT_MAX_AGE_MS = 60_000;

export async function loadViewerSnapshot({ loaders }: Pick<GatewayContext, 'loaders'>): Promise<ViewerSnapshot> {
  const [user, rights, locations] = await Promise.all([loaders.currentUser(), loaders.currentRights(), loaders.myStudyInstitutes()]);
  return {
    roleIdentifier: user.role.identifier,
    rights: new Set(rights.map((right) => right.identifier)),
    locationIds: new Set(locations.map((location) => location.id)),
  };
}

/** The snapshot, loaded again by `load` once it is older than `maxAgeMs`. */
export function viewerSnapshots(
  load: () => Promise<ViewerSnapshot>,
  maxAgeMs = SNAPSHOT_MAX_AGE_MS,
  now: () => number = Date.now,
): () => Promise<ViewerSnapshot> {
  let current: { snapshot: ViewerSnapshot; loadedAt: number } | undefined;
  return async () => {
    if (!current || now() - current.loadedAt > maxAgeMs) {
      const loadedAt = now();
      current = { snapshot: await load(), loadedAt };
    }
    return current.snapshot;
  };
}
