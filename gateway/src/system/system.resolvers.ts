/** The utility calls the screens need (ecrf-calls.md §7 "Utility"): the component versions. */
import type { QueryResolvers } from '../__generated__/resolvers.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';

export const systemQueries: Pick<QueryResolvers, 'systemAssemblies'> = {
  systemAssemblies: (_, __, context) => nullIfForbidden(context.backend.call('get', '/api/v1.0/assemblies', {})),
};
