/**
 * Users in the graph (ecrf-core.md §3, §7): the searchable, sortable, paged list and every change of the
 * user administration. The backend checks the rights; the graph passes its refusals on.
 */
import type { MutationResolvers, QueryResolvers, UserOrderField } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import { backendPage, pageRequest, connectionOf, needsTotal, pageWindow, type PageWindow } from '../graph/connection.js';
import { attemptWithIds, backendId } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import type { User } from '../upstream/models.js';

const sortKeys: Record<UserOrderField, 'userName' | 'displayName' | 'emailAddress' | 'role'> = {
  USER_NAME: 'userName',
  DISPLAY_NAME: 'displayName',
  EMAIL_ADDRESS: 'emailAddress',
  ROLE: 'role',
};

export const userQueries: Pick<QueryResolvers, 'users'> = {
  async users(_, { search, orderBy, includeDeleted, ...paging }, { backend }) {
    const text = search?.trim() || undefined;
    const count = async () =>
      (await backend.call('get', '/api/v1.0/User/count', { query: { search: text, includeDeleted: includeDeleted ?? false } })).count;
    const list = (window: PageWindow) =>
      backend.call('get', '/api/v1.0/User', {
        query: {
          search: text,
          sortBy: sortKeys[orderBy?.field ?? 'USER_NAME'],
          sortDesc: orderBy?.descending ?? false,
          includeDeleted: includeDeleted ?? false,
          ...pageRequest(window),
        },
      });
    // The last users are found from the count; otherwise list and count go out together.
    const known = needsTotal(paging) ? await count() : undefined;
    const window = pageWindow(paging, 25, known);
    const [users, total] = await Promise.all([list(window), known ?? count()]);
    const { skip } = backendPage(window);
    return connectionOf(users.slice(skip, skip + window.size), window.offset, total);
  },
};

type Payload = { user: User | null; changed: boolean; errors: UserErrorModel[] };
const failed = (errors: UserErrorModel[]): Payload => ({ user: null, changed: false, errors });
const done = (user: User, changed = true): Payload => ({ user, changed, errors: [] });

type StateCall = '/api/v1.0/User/{id}' | '/api/v1.0/User/{id}/restore' | '/api/v1.0/User/{id}/Activate' | '/api/v1.0/User/{id}/Deactivate';

function changeState(method: 'put' | 'delete', path: StateCall) {
  return (globalId: string, context: GatewayContext) =>
    attemptWithIds(
      context,
      async () => {
        const id = backendId(globalId, 'User', 'id');
        const answer =
          method === 'delete'
            ? await context.backend.call('delete', '/api/v1.0/User/{id}', { path: { id } })
            : await context.backend.call('put', path as Exclude<StateCall, '/api/v1.0/User/{id}'>, { path: { id } });
        return done(answer.user, answer.changed);
      },
      failed,
    );
}

const deleteUser = changeState('delete', '/api/v1.0/User/{id}');
const restoreUser = changeState('put', '/api/v1.0/User/{id}/restore');
const activateUser = changeState('put', '/api/v1.0/User/{id}/Activate');
const deactivateUser = changeState('put', '/api/v1.0/User/{id}/Deactivate');

export const userMutations: Pick<
  MutationResolvers,
  'createUser' | 'updateUser' | 'deleteUser' | 'restoreUser' | 'activateUser' | 'deactivateUser' | 'setUserPassword'
> = {
  createUser: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () =>
        done(
          await context.backend.call('post', '/api/v1.0/User', {
            body: {
              userName: input.userName,
              displayName: input.displayName,
              emailAddress: input.emailAddress ?? null,
              roleId: backendId(input.roleId, 'Role', 'roleId'),
              password: input.password,
              personData: input.personData ?? null,
              studyInstituteIds: (input.locationIds ?? []).map((id) => backendId(id, 'StudyInstitute', 'locationIds')),
            },
          }),
        ),
      failed,
      { fields: { studyInstituteIds: 'locationIds' }, conflictField: 'userName' },
    ),

  updateUser: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () =>
        done(
          await context.backend.call('put', '/api/v1.0/User/{id}', {
            path: { id: backendId(input.id, 'User', 'id') },
            body: {
              displayName: input.displayName,
              emailAddress: input.emailAddress ?? null,
              roleId: backendId(input.roleId, 'Role', 'roleId'),
              personData: input.personData ?? null,
              ...(input.isDeactivated == null ? {} : { isDeactivated: input.isDeactivated }),
            },
          }),
        ),
      failed,
    ),

  deleteUser: (_, { input }, context) => deleteUser(input.id, context),
  restoreUser: (_, { input }, context) => restoreUser(input.id, context),
  activateUser: (_, { input }, context) => activateUser(input.id, context),
  deactivateUser: (_, { input }, context) => deactivateUser(input.id, context),

  setUserPassword: (_, { input }, context) =>
    attemptWithIds(
      context,
      async () => {
        await context.backend.call('put', '/api/v1.0/User/{id}/password', {
          path: { id: backendId(input.id, 'User', 'id') },
          body: { newPasswordString: input.newPassword },
        });
        return { passwordSet: true, errors: [] as UserErrorModel[] };
      },
      (errors): { passwordSet: boolean; errors: UserErrorModel[] } => ({ passwordSet: false, errors }),
      { fields: { newPasswordString: 'newPassword' } },
    ),
};
