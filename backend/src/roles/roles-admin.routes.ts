/** Role and Right writes, and the rights of one role (ecrf-core.md §7; ecrf-calls.md §7 Role and Right). */
import { callerOf } from '../http/route-access.js';
import { actorOf } from '../audit/audit.service.js';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { IdParams, Uuid, routeSchema } from '../http/schemas.js';
import { Right, Role } from './roles.schemas.js';
import { createRight, createRole, deleteRight, deleteRole, updateRight, updateRole } from './roles.service.js';
import { findRights, findRightsOfRole, findRoles } from './roles.sql.js';

const RoleBody = Type.Object({
  identifier: Type.String({ description: 'a-z, A-Z, 0-9, _ (ecrf-calls.md §5 identifier)' }),
  displayName: Type.String(),
  rightIds: Type.Optional(Type.Array(Uuid, { description: 'replaces the rights of the role when given' })),
});
const RightBody = Type.Object({ identifier: Type.String({ description: 'a-z, A-Z, 0-9, _' }) });
const Deleted = Type.Object({ deleted: Type.Literal(true) });

export function registerRoleAdminRoutes(app: App, { db }: AppDeps): void {
  const role = async (id: string) => {
    const [row] = await findRoles(db, { id });
    if (!row) throw notFound('role');
    return row;
  };
  const right = async (id: string) => {
    const [row] = await findRights(db, { id });
    if (!row) throw notFound('right');
    return row;
  };

  app.get(
    '/Role/:id/rights',
    {
      config: { access: { right: 'RoleGetByIdCmd' } },
      schema: routeSchema({
        operationId: 'getRightsOfRole',
        tags: ['Role'],
        summary: 'The rights of a role',
        params: IdParams,
        response: { 200: Type.Array(Right) },
        errors: [404],
      }),
    },
    async (request) => {
      await role(request.params.id);
      return findRightsOfRole(db, request.params.id);
    },
  );

  app.post(
    '/Role',
    {
      config: { access: { right: 'RoleCreateCmd' } },
      schema: routeSchema({
        operationId: 'createRole',
        tags: ['Role'],
        summary: 'Create a role with its rights',
        body: RoleBody,
        response: { 200: Role },
        errors: [409],
      }),
    },
    async (request) => role(await createRole(db, actorOf(callerOf(request)), request.body)),
  );

  app.put(
    '/Role/:id',
    {
      config: { access: { right: 'RoleUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateRole',
        tags: ['Role'],
        summary: 'Update a role (and its rights when given)',
        params: IdParams,
        body: RoleBody,
        response: { 200: Role },
        errors: [404, 409],
      }),
    },
    async (request) => {
      await updateRole(db, actorOf(callerOf(request)), request.params.id, request.body);
      return role(request.params.id);
    },
  );

  app.delete(
    '/Role/:id',
    {
      config: { access: { right: 'RoleDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteRole',
        tags: ['Role'],
        summary: 'Delete a role no user holds',
        params: IdParams,
        response: { 200: Deleted },
        errors: [404, 409],
      }),
    },
    async (request) => {
      await deleteRole(db, actorOf(callerOf(request)), request.params.id);
      return { deleted: true as const };
    },
  );

  app.post(
    '/Right',
    {
      config: { access: { right: 'RightCreateCmd' } },
      schema: routeSchema({
        operationId: 'createRight',
        tags: ['Right'],
        summary: 'Create a right',
        body: RightBody,
        response: { 200: Right },
        errors: [409],
      }),
    },
    async (request) => right(await createRight(db, actorOf(callerOf(request)), request.body.identifier)),
  );

  app.put(
    '/Right/:id',
    {
      config: { access: { right: 'RightUpdateCmd' } },
      schema: routeSchema({
        operationId: 'updateRight',
        tags: ['Right'],
        summary: 'Rename a right (not one of the catalogue)',
        params: IdParams,
        body: RightBody,
        response: { 200: Right },
        errors: [404, 409],
      }),
    },
    async (request) => {
      await updateRight(db, actorOf(callerOf(request)), request.params.id, request.body.identifier);
      return right(request.params.id);
    },
  );

  app.delete(
    '/Right/:id',
    {
      config: { access: { right: 'RightDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteRight',
        tags: ['Right'],
        summary: 'Delete a right (not one of the catalogue)',
        params: IdParams,
        response: { 200: Deleted },
        errors: [404, 409],
      }),
    },
    async (request) => {
      await deleteRight(db, actorOf(callerOf(request)), request.params.id);
      return { deleted: true as const };
    },
  );
}
