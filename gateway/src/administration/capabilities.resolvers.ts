/**
 * What the viewer may do in the administration, from their rights (ecrf-core.md §6: "A user has a right
 * if it is in their list or they have the super right"). Screens offer only these actions; the backend
 * enforces the same rights on every call.
 */
import type { RightName } from '@ecrf/rules';
import type { ViewerResolvers } from '../__generated__/resolvers.js';
import { viewerRights } from '../viewer/rights.js';

const capabilityRights = {
  canListUsers: 'UserGetAllCmd',
  canCreateUser: 'UserCreateCmd',
  canEditUser: 'UserUpdateCmd',
  canDeleteUser: 'UserDeleteCmd',
  canRestoreUser: 'UserRestoreCmd',
  canActivateUser: 'UserActivateCmd',
  canDeactivateUser: 'UserDeactivateCmd',
  canSetUserPassword: 'UserSetPasswordCmd',
  canListRoles: 'RoleGetAllCmd',
  canManageRoles: 'RoleUpdateCmd',
  canManageRights: 'RightUpdateCmd',
  canListInstitutes: 'InstituteGetAllCmd',
  canCreateInstitute: 'InstituteCreateCmd',
  canEditInstitute: 'InstituteUpdateCmd',
  canDeleteInstitute: 'InstituteDeleteCmd',
  canRestoreInstitute: 'InstituteRestoreCmd',
  canAssignUsers: 'NmsSystemApiEcrfStudyInstituteAssignUserCmd',
  canRemoveUsers: 'NmsSystemApiEcrfStudyInstituteRemoveUserCmd',
  canSeeAllInstitutesOverview: 'StudyInstituteGetOverviewCmd',
  canSeeOwnInstitutesOverview: 'StudyInstituteGetMyOverviewCmd',
  canReadOrganizations: 'NmsSystemApiGetAllOrganizationsCmd',
  canReadPersons: 'NmsSystemApiGetAllPersonsCmd',
  canSyncOrganizations: 'NmsSystemApiSyncOrganizationsCmd',
  canReadAuditTrail: 'AuditTrailGetCmd',
  canReadRecordHistory: 'AuditLogLogCmd',
  canReadAuditEvents: 'AuditEventsGetCmd',
} as const satisfies Record<string, RightName>;

export type Capability = keyof typeof capabilityRights;

export const viewerAdministration: Pick<ViewerResolvers, 'administration'> = {
  async administration(_, __, context) {
    const has = await viewerRights(context);
    const entries = Object.entries(capabilityRights).map(([capability, right]) => [capability, has(right)]);
    return Object.fromEntries(entries) as Record<Capability, boolean>;
  },
};
