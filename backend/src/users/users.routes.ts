/** User reads (ecrf-core.md §7; ecrf-calls.md §7 User), with the batch read the gateway uses. */
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { callerOf } from '../http/route-access.js';
import { CountResponse, IdParams, IdsQuery, IncludeDeleted, PageQuery, parseIds, routeSchema } from '../http/schemas.js';
import { findStudyInstitutes } from '../institutes/institutes.sql.js';
import { User, UserComplete, type UserDto } from './users.schemas.js';
import { findRightsOfRole } from '../roles/roles.sql.js';
import { countUsers, findUsers } from './users.sql.js';
import type { RecordName } from '../errors/messages.js';

const tags = ['User'];

function single(users: UserDto[], what: RecordName): UserDto {
  const [user] = users;
  if (!user) throw notFound(what);
  return user;
}

export function registerUserRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/User/current',
    {
      config: { access: { right: 'UserGetCurrentCmd' } },
      schema: routeSchema({ operationId: 'getCurrentUser', tags, summary: 'The signed-in user', response: { 200: User } }),
    },
    async (request) => single(await findUsers(db, { id: callerOf(request).id }), 'user'),
  );

  const search = Type.Optional(Type.String({ maxLength: 200, description: 'part of user name, display name or e-mail address' }));

  app.get(
    '/User/count',
    {
      config: { access: { right: 'UserGetCountCmd' } },
      schema: routeSchema({
        operationId: 'countUsers',
        tags,
        summary: 'Number of users (not deleted unless asked), matching the search if given',
        querystring: Type.Object({ includeDeleted: IncludeDeleted, search }),
        response: { 200: CountResponse },
      }),
    },
    async (request) => ({ count: await countUsers(db, request.query) }),
  );

  app.get(
    '/User',
    {
      config: { access: { right: 'UserGetAllCmd' } },
      schema: routeSchema({
        operationId: 'getUsers',
        tags,
        summary: 'All users, or those with the given ids (batch read); searchable, sortable and paged',
        querystring: Type.Object({
          includeDeleted: IncludeDeleted,
          ids: IdsQuery,
          search,
          sortBy: Type.Optional(
            Type.Union([Type.Literal('userName'), Type.Literal('displayName'), Type.Literal('emailAddress'), Type.Literal('role')]),
          ),
          ...PageQuery,
        }),
        response: { 200: Type.Array(User) },
      }),
    },
    (request) => findUsers(db, { ...request.query, ids: parseIds(request.query.ids) }),
  );

  app.get(
    '/User/name/:userName',
    {
      config: { access: { right: 'UserGetByNameCmd' } },
      schema: routeSchema({
        operationId: 'getUserByName',
        tags,
        summary: 'A user by user name (case-insensitive)',
        params: Type.Object({ userName: Type.String({ minLength: 1 }) }),
        response: { 200: User },
        errors: [404],
      }),
    },
    async (request) => single(await findUsers(db, { userName: request.params.userName, includeDeleted: true }), 'user'),
  );

  app.get(
    '/User/:id',
    {
      config: { access: { right: 'UserGetByIdCmd', orSelf: { params: 'id' } } },
      schema: routeSchema({
        operationId: 'getUserById',
        tags,
        summary: 'A user by id',
        params: IdParams,
        response: { 200: User },
        errors: [404],
      }),
    },
    async (request) => single(await findUsers(db, { id: request.params.id, includeDeleted: true }), 'user'),
  );

  app.get(
    '/User/:id/complete',
    {
      config: { access: { right: 'UserGetCompleteCmd', orSelf: { params: 'id' } } },
      schema: routeSchema({
        operationId: 'getUserComplete',
        tags,
        summary: 'A user with role, rights and assigned locations',
        params: IdParams,
        response: { 200: UserComplete },
        errors: [404],
      }),
    },
    async (request) => {
      const user = single(await findUsers(db, { id: request.params.id, includeDeleted: true }), 'user');
      const [rights, studyInstitutes] = await Promise.all([
        findRightsOfRole(db, user.role.id),
        findStudyInstitutes(db, { userId: user.id }),
      ]);
      return { user, role: user.role, rights, studyInstitutes };
    },
  );
}
