/** Role and Right reads (ecrf-core.md §7 further calls; ecrf-calls.md §7 Role and Right). */
import type { RightName } from '@ecrf/rules';
import { Type, type TSchema } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { CountResponse, IdParams, routeSchema } from '../http/schemas.js';
import { Right, Role } from './roles.schemas.js';
import { findRights, findRoles, type RoleFilter } from './roles.sql.js';

type ReadRights = { all: RightName; byId: RightName; byName: RightName; count: RightName };

export function registerRoleRoutes(app: App, { db }: AppDeps): void {
  const roles = (filter: RoleFilter) => findRoles(db, filter);
  const rights = (filter: RoleFilter) => findRights(db, filter);

  function reads<T>(resource: 'Role' | 'Right', schema: TSchema, find: (filter: RoleFilter) => Promise<T[]>, access: ReadRights): void {
    const tags = [resource];
    const first = (rows: T[]): T => {
      const [row] = rows;
      if (!row) throw notFound(resource === 'Role' ? 'role' : 'right');
      return row;
    };
    app.get(
      `/${resource}`,
      {
        config: { access: { right: access.all } },
        schema: routeSchema({
          operationId: `get${resource}s`,
          tags,
          summary: `All ${resource.toLowerCase()}s`,
          response: { 200: Type.Array(schema) },
        }),
      },
      () => find({}),
    );
    app.get(
      `/${resource}/count`,
      {
        config: { access: { right: access.count } },
        schema: routeSchema({
          operationId: `count${resource}s`,
          tags,
          summary: `Number of ${resource.toLowerCase()}s`,
          response: { 200: CountResponse },
        }),
      },
      async () => ({ count: (await find({})).length }),
    );
    app.get(
      `/${resource}/name/:name`,
      {
        config: { access: { right: access.byName } },
        schema: routeSchema({
          operationId: `get${resource}ByName`,
          tags,
          summary: `A ${resource.toLowerCase()} by identifier`,
          params: Type.Object({ name: Type.String({ minLength: 1 }) }),
          response: { 200: schema },
          errors: [404],
        }),
      },
      async (request) => first(await find({ identifiers: [request.params.name] })),
    );
    app.get(
      `/${resource}/:id`,
      {
        config: { access: { right: access.byId } },
        schema: routeSchema({
          operationId: `get${resource}ById`,
          tags,
          summary: `A ${resource.toLowerCase()} by id`,
          params: IdParams,
          response: { 200: schema },
          errors: [404],
        }),
      },
      async (request) => first(await find({ id: request.params.id })),
    );
  }

  reads('Role', Role, roles, { all: 'RoleGetAllCmd', byId: 'RoleGetByIdCmd', byName: 'RoleGetByNameCmd', count: 'RoleGetCountCmd' });

  // Registered before the generic reads so the static path wins the documentation order too.
  app.get(
    '/Right/currentUser',
    {
      config: { access: { right: 'RightGetCurrentUserCmd' } },
      schema: routeSchema({
        operationId: 'getRightsOfCurrentUser',
        tags: ['Right'],
        summary: 'The rights of the signed-in user',
        response: { 200: Type.Array(Right) },
      }),
    },
    (request) => rights({ identifiers: [...callerOf(request).rights, ''] }),
  );

  reads('Right', Right, rights, { all: 'RightGetAllCmd', byId: 'RightGetByIdCmd', byName: 'RightGetByNameCmd', count: 'RightGetCountCmd' });
}
