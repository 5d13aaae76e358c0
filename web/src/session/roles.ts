/**
 * Role groups on the client. The role groups of ecrf-core.md §6 and the rights check (`hasRight`,
 * `hasAnyRight`) live in @ecrf/rules; the server also says per viewer whether a location must be chosen
 * (`viewer.requiresLocationSelection`).
 */
import { isLocationBoundRole as isLocationBoundInSet } from '@ecrf/rules';

/** The registry is clinical: Pathologist, Consultant and AccountingDigiNet are location-bound too. */
export function isLocationBoundRole(roleIdentifier: string): boolean {
  return isLocationBoundInSet(roleIdentifier, 'clinical');
}
