/**
 * The network master data in the graph (ecrf-calls.md §3 Organization and Person, §7 nms_system_api):
 * what the network partner and network location fields pick from. Changes come from the master data
 * system through `POST nms_system_api/syncOrganizations` (REST, system to system; docs/gateway.md).
 */
import type {
  OrganizationAssignmentResolvers,
  OrganizationResolvers,
  PersonResolvers,
  QueryResolvers,
} from '../__generated__/resolvers.js';
import { connectionFromList } from '../graph/connection.js';
import { toGlobalId } from '../graph/global-id.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';

export const networkQueries: Pick<QueryResolvers, 'organizations' | 'persons'> = {
  organizations: async (_, { includeDeleted, ...paging }, { backend }) =>
    connectionFromList(
      await backend.call('get', '/api/v1.0/nms_system_api/allOrganizations', { query: { includeDeleted: includeDeleted ?? false } }),
      paging,
      100,
    ),
  persons: async (_, { includeDeleted, ...paging }, { backend }) =>
    connectionFromList(
      await backend.call('get', '/api/v1.0/nms_system_api/allPersons', { query: { includeDeleted: includeDeleted ?? false } }),
      paging,
      100,
    ),
};

export const Organization: OrganizationResolvers = {
  id: (organization) => toGlobalId('Organization', organization.id),
  institute: (organization, _, { loaders }) => (organization.instituteId ? loaders.institutes.load(organization.instituteId) : null),
};

export const Person: PersonResolvers = {
  id: (person) => toGlobalId('Person', person.id),
  displayName: (person) => [person.title, person.firstName, person.lastName].filter(Boolean).join(' '),
  personInfo: (person) =>
    Object.entries(person.personInfo).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })),
  // The account is shown only to viewers who may read users.
  user: (person, _, { loaders }) => (person.userId ? nullIfForbidden(loaders.users.load(person.userId)) : null),
  canBeDeleted: async (person, _, { backend }) =>
    (await backend.call('get', '/api/v1.0/nms_system_api/ecrfPerson/{id}/canBeDeletedInfo', { path: { id: person.id } })).canBeDeleted,
};

export const OrganizationAssignment: OrganizationAssignmentResolvers = {
  organization: async (assignment, _, { loaders }) => {
    const organization = await loaders.organizations.load(assignment.organizationId);
    if (!organization) throw new Error(`organization ${assignment.organizationId} missing`);
    return organization;
  },
  person: async (assignment, _, { loaders }) => {
    const person = await loaders.persons.load(assignment.personId);
    if (!person) throw new Error(`person ${assignment.personId} missing`);
    return person;
  },
};
