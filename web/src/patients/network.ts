import type { NetworkDirectory } from '../forms/formContext';
import type { DocumentationQuery } from './documentationContext';

/** Organizations and persons loaded for the network picker fields; the network has a few hundred partners. */
export const NETWORK_PAGE = 500;

/** The network master data as the picker fields offer it (ids as network fields store them). */
export function networkDirectory(query: DocumentationQuery): NetworkDirectory {
  return {
    organizations: query.organizations.edges.map(({ node }) => ({ id: node.id, displayName: node.displayName })),
    persons: query.persons.edges.map(({ node }) => ({
      id: node.id,
      title: node.title,
      firstName: node.firstName,
      lastName: node.lastName,
      organizationIds: node.organizationPersonAssignments.map((assignment) => assignment.organization.id),
    })),
  };
}
