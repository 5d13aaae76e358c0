/**
 * Which seeded role passes which route's access declaration (issue 15 item 10). The rights matrix test
 * and docs/roles-and-rights.md both read it from the routes' `config.access`, never from a list of their own.
 */
import { hasRight } from '@ecrf/rules';
import type { RouteSummary } from '../app.js';
import type { RouteAccess } from '../http/route-access.js';
import { roleIdentifiers, roleRights, type RoleIdentifier } from './role-rights.js';

/** Whether holding `rights` passes the route's right check; public and events-key routes check no right. */
export function rightAllows(access: RouteAccess, rights: ReadonlySet<string>): boolean {
  if ('public' in access || 'eventsKey' in access) return true;
  if ('anyRight' in access) return access.anyRight.some((right) => hasRight(rights, right));
  return hasRight(rights, access.right);
}

export const seededRights = (role: RoleIdentifier): ReadonlySet<string> => new Set(roleRights[role]);

export const rolesAllowed = (access: RouteAccess): RoleIdentifier[] =>
  roleIdentifiers.filter((role) => rightAllows(access, seededRights(role)));

/** Routes needing a user's right: neither public nor read with the events key. */
export const guardedRoutes = (routes: readonly RouteSummary[]): RouteSummary[] =>
  routes.filter(({ access }) => !('public' in access) && !('eventsKey' in access));
