/** Roles and rights in the graph (ecrf-core.md §3, §7): lists, the rights of a role, and their changes. */
import type { MutationResolvers, QueryResolvers, RightResolvers, RoleResolvers } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import { connectionFromList } from '../graph/connection.js';
import { attemptWithIds, backendId } from '../graph/user-errors.js';
import { toGlobalId } from '../graph/global-id.js';
import type { Right as RightModel } from '../upstream/administration-models.js';
import type { Role } from '../upstream/models.js';

export const roleQueries: Pick<QueryResolvers, 'roles' | 'rights'> = {
  roles: async (_, args, { loaders }) => connectionFromList(await loaders.roles(), args, 100),
  rights: async (_, args, { loaders }) => connectionFromList(await loaders.rights(), args, 500),
};

export const roleFields: Pick<RoleResolvers, 'rights'> = {
  rights: (role, _, { loaders }) => loaders.rightsOfRole.load(role.id),
};

export const Right: RightResolvers = {
  id: (right) => toGlobalId('Right', right.id),
};

type RolePayload = { role: Role | null; errors: UserErrorModel[] };
type RightPayload = { right: RightModel | null; errors: UserErrorModel[] };
type DeletePayload = { deletedId: string | null; errors: UserErrorModel[] };
const roleFailed = (errors: UserErrorModel[]): RolePayload => ({ role: null, errors });
const rightFailed = (errors: UserErrorModel[]): RightPayload => ({ right: null, errors });
const deleteFailed = (errors: UserErrorModel[]): DeletePayload => ({ deletedId: null, errors });

export const roleMutations: Pick<
  MutationResolvers,
  'createRole' | 'updateRole' | 'deleteRole' | 'createRight' | 'updateRight' | 'deleteRight'
> = {
  createRole: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => ({
        role: await context.backend.call('post', '/api/v1.0/Role', {
          body: {
            identifier: input.identifier,
            displayName: input.displayName,
            rightIds: input.rightIds?.map((id) => backendId(id, 'Right', 'rightIds')),
          },
        }),
        errors: [],
      }),
      roleFailed,
      { conflictField: 'identifier' },
    ),

  updateRole: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => ({
        role: await context.backend.call('put', '/api/v1.0/Role/{id}', {
          path: { id: backendId(input.id ?? '', 'Role', 'id') },
          body: {
            identifier: input.identifier,
            displayName: input.displayName,
            rightIds: input.rightIds?.map((id) => backendId(id, 'Right', 'rightIds')),
          },
        }),
        errors: [],
      }),
      roleFailed,
      { conflictField: 'identifier' },
    ),

  deleteRole: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        await context.backend.call('delete', '/api/v1.0/Role/{id}', { path: { id: backendId(input.id, 'Role', 'id') } });
        return { deletedId: input.id, errors: [] };
      },
      deleteFailed,
      { conflict: 'NOT_DELETABLE', conflictField: 'id' },
    ),

  createRight: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => ({
        right: await context.backend.call('post', '/api/v1.0/Right', { body: { identifier: input.identifier } }),
        errors: [],
      }),
      rightFailed,
      { conflictField: 'identifier' },
    ),

  updateRight: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => ({
        right: await context.backend.call('put', '/api/v1.0/Right/{id}', {
          path: { id: backendId(input.id ?? '', 'Right', 'id') },
          body: { identifier: input.identifier },
        }),
        errors: [],
      }),
      rightFailed,
      { conflict: 'NOT_DELETABLE', conflictField: 'identifier' },
    ),

  deleteRight: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        await context.backend.call('delete', '/api/v1.0/Right/{id}', { path: { id: backendId(input.id, 'Right', 'id') } });
        return { deletedId: input.id, errors: [] };
      },
      deleteFailed,
      { conflict: 'NOT_DELETABLE', conflictField: 'id' },
    ),
};
