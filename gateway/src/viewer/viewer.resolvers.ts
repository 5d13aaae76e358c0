/** The signed-in user, role, rights and locations (ecrf-core.md §4, §6). */
import { hasAdminFlag, isLocationBoundRole } from '@ecrf/rules';
import type { QueryResolvers, ViewerResolvers } from '../__generated__/resolvers.js';
import { toGlobalId } from '../graph/global-id.js';

export const viewerQuery: Pick<QueryResolvers, 'viewer'> = {
  async viewer(_, __, { loaders }) {
    return { user: await loaders.currentUser() };
  },
};

export const Viewer: ViewerResolvers = {
  id: ({ user }) => toGlobalId('Viewer', user.id),
  user: ({ user }) => user,
  role: ({ user }) => user.role,
  rights: async (_, __, { loaders }) => (await loaders.currentRights()).map((right) => right.identifier),
  isAdmin: ({ user }) => hasAdminFlag(user.role.identifier),
  // The registry is clinical: Pathologist, Consultant and AccountingDigiNet document too (ecrf-core.md §6).
  requiresLocationSelection: ({ user }) => isLocationBoundRole(user.role.identifier, 'clinical'),
  locations: (_, __, { loaders }) => loaders.myStudyInstitutes(),
};
