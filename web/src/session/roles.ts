/**
 * Rights and role groups on the client. The role groups of ecrf-core.md §6 live in @ecrf/rules; the server
 * also says per viewer whether a location must be chosen (`viewer.requiresLocationSelection`).
 */
import { isLocationBoundRole as isLocationBoundInSet } from '@ecrf/rules';

/** The registry is clinical: Pathologist, Consultant and AccountingDigiNet are location-bound too. */
export function isLocationBoundRole(roleIdentifier: string): boolean {
  return isLocationBoundInSet(roleIdentifier, 'clinical');
}

export const SUPER_RIGHT = 'SUPER_RIGHT';

/** A user has a right if it is in their list or they hold the super right (ecrf-core.md §6). */
export function hasRight(rights: readonly string[], right: string): boolean {
  return rights.includes(SUPER_RIGHT) || rights.includes(right);
}

export function hasAnyRight(rights: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((right) => hasRight(rights, right));
}
