/**
 * The viewer's rights, read once per request (Right/currentUser): "A user has a right if it is in their
 * list or they have the super right" (ecrf-core.md §6). The names are the backend's catalogue
 * (backend/src/rights/rights.catalogue.ts), checked at compile time; the backend still checks every call.
 */
import type { RightName } from '@ecrf/backend';
import type { GatewayContext } from '../context.js';

export type HasRight = (right: RightName) => boolean;

export async function viewerRights({ loaders }: Pick<GatewayContext, 'loaders'>): Promise<HasRight> {
  const rights = new Set((await loaders.currentRights()).map((right) => right.identifier));
  const all = rights.has('SUPER_RIGHT');
  return (right) => all || rights.has(right);
}
