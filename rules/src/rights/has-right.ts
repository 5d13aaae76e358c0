/**
 * Whether a user holds a right (ecrf-core.md §6: "A user has a right if it is in their list or they have
 * the super right"; §3: SUPER_RIGHT grants everything). The one check behind the backend's routes, the
 * gateway's capabilities and the web's navigation, so the three never disagree on the super right.
 */
import { SUPER_RIGHT, type RightName } from './rights-catalogue.js';

/** The right names a user holds, as a tier keeps them (the backend a set, the graph a list). */
export type HeldRights = ReadonlySet<string> | readonly string[];

const holds = (rights: HeldRights, name: string): boolean => ('has' in rights ? rights.has(name) : rights.includes(name));

export function hasRight(rights: HeldRights, name: RightName): boolean {
  return holds(rights, SUPER_RIGHT) || holds(rights, name);
}

/** At least one of `names` (e.g. "all patients" or "my patients"). */
export function hasAnyRight(rights: HeldRights, names: readonly RightName[]): boolean {
  return names.some((name) => hasRight(rights, name));
}
