/**
 * Role groups of ecrf-core.md §6. The server says per viewer whether a location must be chosen
 * (`viewer.requiresLocationSelection`); this list is the client's copy of the same rule for places where
 * only the role identifier is at hand (the sidebar's Query Übersicht rule).
 */

/** Documenting roles plus the clinical variants (Pathologist, Consultant, AccountingDigiNet). */
const LOCATION_BOUND_ROLES: ReadonlySet<string> = new Set([
  'CaseManager',
  'Documentalist',
  'DocumentationAssistant',
  'Physician',
  'UniversalDocumentalist',
  'MasterDataManager',
  'DataManager',
  'InstituteManager',
  'Pathologist',
  'Consultant',
  'AccountingDigiNet',
]);

/** PM{product}: product manager roles such as `PMLung`. */
const PRODUCT_MANAGER_ROLE = /^PM[A-Z0-9]/;

export function isLocationBoundRole(roleIdentifier: string): boolean {
  return LOCATION_BOUND_ROLES.has(roleIdentifier) || PRODUCT_MANAGER_ROLE.test(roleIdentifier);
}

export const SUPER_RIGHT = 'SUPER_RIGHT';

/** A user has a right if it is in their list or they hold the super right (ecrf-core.md §6). */
export function hasRight(rights: readonly string[], right: string): boolean {
  return rights.includes(SUPER_RIGHT) || rights.includes(right);
}

export function hasAnyRight(rights: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((right) => hasRight(rights, right));
}
