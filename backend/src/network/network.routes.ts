/**
 * nms_system_api (ecrf-calls.md §7): the network master data system's view of the eCRF: organizations,
 * persons, roles, locations with user assignment, and the deletion checks of institutes and persons.
 * syncEcrfUserPassword lives with the password calls (users/password.routes.ts).
 */
import { callerOf } from '../http/route-access.js';
import { actorOf } from '../audit/audit.service.js';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import { notFound } from '../errors/errors.js';
import { IdParams, IdsQuery, Uuid, parseIds, routeSchema } from '../http/schemas.js';
import { InstituteStateChanged } from '../institutes/institutes-admin.routes.js';
import { StudyInstitute } from '../institutes/institutes.schemas.js';
import { findStudyInstitutes, getInstitute, getStudyInstitute, instituteDeletionInfo } from '../institutes/institutes.sql.js';
import { assignUser, deleteInstitute, removeUser, restoreInstitute } from '../institutes/institutes.service.js';
import { Role } from '../roles/roles.schemas.js';
import { findRoles } from '../roles/roles.sql.js';
import { DeletionInfo, Organization, Person, PersonDeletionInfo, SyncOrganizationsBody, SyncResult } from './network.schemas.js';
import { findOrganizations, findPersons } from './network.sql.js';
import { personDeletionInfo, syncOrganizations } from './network.service.js';

const tags = ['NmsSystemApi'];
const base = '/nms_system_api';
const listQuery = Type.Object({ includeDeleted: Type.Optional(Type.Boolean({ default: false })), ids: IdsQuery });

export function registerNetworkRoutes(app: App, { db }: AppDeps): void {
  const institute = (id: string) => getInstitute(db, id);
  const location = (id: string) => getStudyInstitute(db, id);

  app.get(
    `${base}/allOrganizations`,
    {
      config: { access: { right: 'NmsSystemApiGetAllOrganizationsCmd' } },
      schema: routeSchema({
        operationId: 'getAllOrganizations',
        tags,
        summary: 'Organizations of the network with their person assignments (or those with the given ids)',
        querystring: listQuery,
        response: { 200: Type.Array(Organization) },
      }),
    },
    (request) => findOrganizations(db, { includeDeleted: request.query.includeDeleted, ids: parseIds(request.query.ids) }),
  );

  app.get(
    `${base}/allPersons`,
    {
      config: { access: { right: 'NmsSystemApiGetAllPersonsCmd' } },
      schema: routeSchema({
        operationId: 'getAllPersons',
        tags,
        summary: 'Persons of the network with their organization assignments (or those with the given ids)',
        querystring: listQuery,
        response: { 200: Type.Array(Person) },
      }),
    },
    (request) => findPersons(db, { includeDeleted: request.query.includeDeleted, ids: parseIds(request.query.ids) }),
  );

  app.post(
    `${base}/syncOrganizations`,
    {
      config: { access: { right: 'NmsSystemApiSyncOrganizationsCmd' } },
      schema: routeSchema({
        operationId: 'syncOrganizations',
        tags,
        summary: 'Upsert organizations and persons of the master data system; linked institutes follow',
        body: SyncOrganizationsBody,
        response: { 200: SyncResult },
        errors: [404],
      }),
    },
    (request) => syncOrganizations(db, actorOf(callerOf(request)), request.body),
  );

  app.get(
    `${base}/ecrfRole`,
    {
      config: { access: { right: 'NmsSystemApiEcrfRoleGetCmd' } },
      schema: routeSchema({ operationId: 'getEcrfRoles', tags, summary: 'The roles of the eCRF', response: { 200: Type.Array(Role) } }),
    },
    () => findRoles(db),
  );

  app.get(
    `${base}/ecrfStudyInstitute`,
    {
      config: { access: { right: 'NmsSystemApiEcrfStudyInstituteGetCmd' } },
      schema: routeSchema({
        operationId: 'getEcrfStudyInstitutes',
        tags,
        summary: 'The locations of the eCRF with their users',
        querystring: listQuery,
        response: { 200: Type.Array(StudyInstitute) },
      }),
    },
    (request) => findStudyInstitutes(db, { includeDeleted: request.query.includeDeleted, ids: parseIds(request.query.ids) }),
  );

  const assignment = Type.Object({
    studyInstitute: StudyInstitute,
    changed: Type.Boolean({ description: 'false when nothing had to change' }),
  });
  app.put(
    `${base}/ecrfStudyInstitute/:id/assignUser`,
    {
      config: { access: { right: 'NmsSystemApiEcrfStudyInstituteAssignUserCmd' } },
      schema: routeSchema({
        operationId: 'assignUserToStudyInstitute',
        tags,
        summary: 'Assign a user to a location',
        params: IdParams,
        querystring: Type.Object({ userId: Uuid }),
        response: { 200: assignment },
        errors: [404],
      }),
    },
    async (request) => ({
      changed: await assignUser(db, actorOf(callerOf(request)), request.params.id, request.query.userId),
      studyInstitute: await location(request.params.id),
    }),
  );

  app.put(
    `${base}/ecrfStudyInstitute/:id/removeUser`,
    {
      config: { access: { right: 'NmsSystemApiEcrfStudyInstituteRemoveUserCmd' } },
      schema: routeSchema({
        operationId: 'removeUserFromStudyInstitute',
        tags,
        summary: 'Remove a user from a location',
        params: IdParams,
        querystring: Type.Object({ userId: Uuid }),
        response: { 200: assignment },
        errors: [404],
      }),
    },
    async (request) => ({
      changed: await removeUser(db, actorOf(callerOf(request)), request.params.id, request.query.userId),
      studyInstitute: await location(request.params.id),
    }),
  );

  app.get(
    `${base}/ecrfInstitute/canBeDeletedInfo`,
    {
      config: { access: { right: 'NmsSystemApiEcrfInstituteCanBeDeletedInfoCmd' } },
      schema: routeSchema({
        operationId: 'getInstitutesCanBeDeletedInfo',
        tags,
        summary: 'Whether each of the given institutes can be deleted',
        querystring: Type.Object({ ids: Type.String({ pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$' }) }),
        response: { 200: Type.Array(DeletionInfo) },
      }),
    },
    (request) => instituteDeletionInfo(db, parseIds(request.query.ids) ?? []),
  );

  app.get(
    `${base}/ecrfInstitute/:id/canBeDeletedInfo`,
    {
      config: { access: { right: 'NmsSystemApiEcrfInstituteCanBeDeletedInfoCmd' } },
      schema: routeSchema({
        operationId: 'getInstituteCanBeDeletedInfo',
        tags,
        summary: 'Whether an institute can be deleted: no users or patients at its locations',
        params: IdParams,
        response: { 200: DeletionInfo },
        errors: [404],
      }),
    },
    async (request) => {
      const [info] = await instituteDeletionInfo(db, [request.params.id]);
      if (!info) throw notFound('institute');
      return info;
    },
  );

  app.delete(
    `${base}/ecrfInstitute/:id`,
    {
      config: { access: { right: 'NmsSystemApiEcrfInstituteDeleteCmd' } },
      schema: routeSchema({
        operationId: 'deleteEcrfInstitute',
        tags,
        summary: 'Delete an institute that can be deleted',
        params: IdParams,
        response: { 200: InstituteStateChanged },
        errors: [404, 409],
      }),
    },
    async (request) => ({
      changed: await deleteInstitute(db, actorOf(callerOf(request)), request.params.id),
      institute: await institute(request.params.id),
    }),
  );

  app.put(
    `${base}/ecrfInstitute/:id/restore`,
    {
      config: { access: { right: 'NmsSystemApiEcrfInstituteRestoreCmd' } },
      schema: routeSchema({
        operationId: 'restoreEcrfInstitute',
        tags,
        summary: 'Restore a deleted institute',
        params: IdParams,
        response: { 200: InstituteStateChanged },
        errors: [404],
      }),
    },
    async (request) => ({
      changed: await restoreInstitute(db, actorOf(callerOf(request)), request.params.id),
      institute: await institute(request.params.id),
    }),
  );

  app.get(
    `${base}/ecrfPerson/:id/canBeDeletedInfo`,
    {
      config: { access: { right: 'NmsSystemApiEcrfPersonCanBeDeletedInfoCmd' } },
      schema: routeSchema({
        operationId: 'getPersonCanBeDeletedInfo',
        tags,
        summary: 'Whether a person can be deleted: not while their eCRF account exists',
        params: IdParams,
        response: { 200: PersonDeletionInfo },
        errors: [404],
      }),
    },
    (request) => personDeletionInfo(db, request.params.id),
  );
}
