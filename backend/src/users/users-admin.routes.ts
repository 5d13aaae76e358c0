/**
 * User administration calls (ecrf-core.md §7 table; ecrf-calls.md §7 User): create with person data,
 * update, delete, restore, activate, deactivate and the administrator password. The same service
 * functions serve the nms_system_api ecrfUser calls (network/ecrf-user.routes.ts).
 */
import { actorOf } from '../audit/audit.service.js';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { callerOf } from '../http/route-access.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import { User } from './users.schemas.js';
import { findUsers } from './users.sql.js';
import { activateUser, createUser, deactivateUser, deleteUser, restoreUser, setUserPassword, updateUser } from './users.service.js';

const PersonData = Type.Object(
  {
    title: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    firstName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    lastName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    phone: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: true, description: 'personal details; names and phone are checked by the rules of ecrf-calls.md §5' },
);

export const CreateUserBody = Type.Object({
  userName: Type.String(),
  displayName: Type.String(),
  emailAddress: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  roleId: Uuid,
  password: Type.String({ description: 'administrator password policy (ecrf-calls.md §5)' }),
  personData: Type.Optional(Type.Union([PersonData, Type.Null()])),
  studyInstituteIds: Type.Optional(Type.Array(Uuid, { description: 'locations to assign the user to' })),
});

export const UpdateUserBody = Type.Object({
  displayName: Type.String(),
  emailAddress: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  roleId: Uuid,
  personData: Type.Optional(Type.Union([PersonData, Type.Null()])),
  isDeactivated: Type.Optional(Type.Boolean({ description: 'changed only when it differs from the stored state' })),
});

export const SetPasswordBody = Type.Object({ newPasswordString: Type.String() });

export const StateChanged = Type.Object({
  user: User,
  changed: Type.Boolean({ description: 'false when the user already was in the requested state' }),
});

async function userById(deps: AppDeps, id: string) {
  const [user] = await findUsers(deps.db, { id, includeDeleted: true });
  if (!user) throw new Error(`user ${id} vanished after its write`);
  return user;
}

export function registerUserAdminRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const tags = ['User'];

  app.post(
    '/User',
    {
      config: { access: { right: 'UserCreateCmd' } },
      schema: routeSchema({
        operationId: 'createUser',
        tags,
        summary: 'Create a user with person data and locations',
        body: CreateUserBody,
        response: { 200: User },
        errors: [409],
      }),
    },
    async (request) => userById(deps, await createUser(db, actorOf(callerOf(request)), request.body)),
  );

  app.put(
    '/User/:id',
    {
      config: { access: { right: 'UserUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateUser',
        tags,
        summary: 'Update a user; the activation state changes only if it differs',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: User },
        errors: [404],
      }),
    },
    async (request) => {
      await updateUser(db, actorOf(callerOf(request)), request.params.id, request.body);
      return userById(deps, request.params.id);
    },
  );

  const stateCalls = [
    ['delete', '/User/:id', 'deleteUser', 'UserDeleteCmd', 'Delete a user (kept for the audit trail, restorable)', deleteUser],
    ['put', '/User/:id/restore', 'restoreUser', 'UserRestoreCmd', 'Restore a deleted user', restoreUser],
    ['put', '/User/:id/Activate', 'activateUser', 'UserActivateCmd', 'Activate a user (no change if active)', activateUser],
    ['put', '/User/:id/Deactivate', 'deactivateUser', 'UserDeactivateCmd', 'Deactivate a user; they can no longer sign in', deactivateUser],
  ] as const;
  for (const [method, url, operationId, right, summary, change] of stateCalls) {
    app.route({
      method: method.toUpperCase() as 'PUT' | 'DELETE',
      url,
      config: { access: { right } },
      schema: routeSchema({ operationId, tags, summary, params: IdParams, response: { 200: StateChanged }, errors: [404] }),
      handler: async (request) => {
        const { id } = request.params as { id: string };
        const changed = await change(db, actorOf(callerOf(request)), id);
        return { user: await userById(deps, id), changed };
      },
    });
  }

  app.put(
    '/User/:id/password',
    {
      config: { access: { right: 'UserSetPasswordCmd' } },
      schema: routeSchema({
        operationId: 'setUserPassword',
        tags,
        summary: 'An administrator sets the password of a user (administrator policy)',
        params: IdParams,
        body: SetPasswordBody,
        response: { 200: Type.Object({ passwordSet: Type.Literal(true) }) },
        errors: [404],
      }),
    },
    async (request) => {
      await setUserPassword(db, actorOf(callerOf(request)), request.params.id, request.body.newPasswordString);
      return { passwordSet: true as const };
    },
  );
}
