/**
 * The viewer's rights, read once per request (Right/currentUser), checked with `hasRight` of @ecrf/rules
 * (ecrf-core.md §6, SUPER_RIGHT included). The names are the rules' catalogue, checked at compile time;
 * the backend still checks every call.
 */
import { hasRight, type RightName } from '@ecrf/rules';
import type { GatewayContext } from '../context.js';

export type HasRight = (right: RightName) => boolean;

export async function viewerRights({ loaders }: Pick<GatewayContext, 'loaders'>): Promise<HasRight> {
  const rights = new Set((await loaders.currentRights()).map((right) => right.identifier));
  return (right) => hasRight(rights, right);
}
