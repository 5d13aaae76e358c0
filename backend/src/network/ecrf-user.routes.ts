/**
 * nms_system_api ecrfUser (ecrf-calls.md §7): the master data system manages eCRF accounts with the same
 * rules and audit as the User calls, under its own rights.
 */
import { callerOf } from '../http/route-access.js';
import { actorOf } from '../audit/audit.service.js';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { IdParams, IdsQuery, parseIds, routeSchema } from '../http/schemas.js';
import { User } from '../users/users.schemas.js';
import { findUsers } from '../users/users.sql.js';
import { CreateUserBody, SetPasswordBody, StateChanged, UpdateUserBody } from '../users/users-admin.routes.js';
import { activateUser, createUser, deactivateUser, deleteUser, restoreUser, setUserPassword, updateUser } from '../users/users.service.js';

const tags = ['NmsSystemApi'];
const base = '/nms_system_api/ecrfUser';

export function registerEcrfUserRoutes(app: App, { db }: AppDeps): void {
  const user = async (id: string) => {
    const [row] = await findUsers(db, { id, includeDeleted: true });
    if (!row) throw notFound('user');
    return row;
  };

  app.get(
    base,
    {
      config: { access: { right: 'NmsSystemApiEcrfUserGetCmd' } },
      schema: routeSchema({
        operationId: 'getEcrfUsers',
        tags,
        summary: 'eCRF users (or those with the given ids)',
        querystring: Type.Object({ includeDeleted: Type.Optional(Type.Boolean({ default: false })), ids: IdsQuery }),
        response: { 200: Type.Array(User) },
      }),
    },
    (request) => findUsers(db, { includeDeleted: request.query.includeDeleted, ids: parseIds(request.query.ids) }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: { right: 'NmsSystemApiEcrfUserGetCmd' } },
      schema: routeSchema({
        operationId: 'getEcrfUserById',
        tags,
        summary: 'An eCRF user by id',
        params: IdParams,
        response: { 200: User },
        errors: [404],
      }),
    },
    (request) => user(request.params.id),
  );

  app.post(
    base,
    {
      config: { access: { right: 'NmsSystemApiEcrfUserCreateCmd' } },
      schema: routeSchema({
        operationId: 'createEcrfUser',
        tags,
        summary: 'Create an eCRF user',
        body: CreateUserBody,
        response: { 200: User },
        errors: [409],
      }),
    },
    async (request) => user(await createUser(db, actorOf(callerOf(request)), request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: { right: 'NmsSystemApiEcrfUserUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateEcrfUser',
        tags,
        summary: 'Update an eCRF user',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: User },
        errors: [404],
      }),
    },
    async (request) => {
      await updateUser(db, actorOf(callerOf(request)), request.params.id, request.body);
      return user(request.params.id);
    },
  );

  const stateCalls = [
    ['DELETE', '', 'deleteEcrfUser', 'NmsSystemApiEcrfUserDeleteCmd', 'Delete an eCRF user', deleteUser],
    ['PUT', '/restore', 'restoreEcrfUser', 'NmsSystemApiEcrfUserRestoreCmd', 'Restore an eCRF user', restoreUser],
    ['PUT', '/activate', 'activateEcrfUser', 'NmsSystemApiEcrfUserActivateCmd', 'Activate an eCRF user', activateUser],
    ['PUT', '/deactivate', 'deactivateEcrfUser', 'NmsSystemApiEcrfUserDeactivateCmd', 'Deactivate an eCRF user', deactivateUser],
  ] as const;
  for (const [method, suffix, operationId, right, summary, change] of stateCalls) {
    app.route({
      method,
      url: `${base}/:id${suffix}`,
      config: { access: { right } },
      schema: routeSchema({ operationId, tags, summary, params: IdParams, response: { 200: StateChanged }, errors: [404] }),
      handler: async (request) => {
        const { id } = request.params as { id: string };
        const changed = await change(db, actorOf(callerOf(request)), id);
        return { user: await user(id), changed };
      },
    });
  }

  app.put(
    `${base}/:id/password`,
    {
      config: { access: { right: 'NmsSystemApiEcrfUserSetPasswordCmd' } },
      schema: routeSchema({
        operationId: 'setEcrfUserPassword',
        tags,
        summary: 'Set the password of an eCRF user (administrator policy)',
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
