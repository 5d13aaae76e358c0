/** The executable schema: `schema.graphql` (the one source) plus the resolvers grouped by domain. */
import { readFileSync } from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { Resolvers } from './__generated__/resolvers.js';
import { authMutations } from './auth/auth.resolvers.js';
import { Node, Role, StudyInstitute, User, nodeQueries } from './nodes/node.resolvers.js';
import { Viewer, viewerQuery } from './viewer/viewer.resolvers.js';

export const typeDefs = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');

const resolvers: Resolvers = {
  Query: {
    ...nodeQueries,
    ...viewerQuery,
    clientConfig: (_, __, { config }) => config.client,
  },
  Mutation: { ...authMutations },
  Node,
  Viewer,
  User,
  Role,
  StudyInstitute,
};

export function createSchema() {
  return makeExecutableSchema({ typeDefs, resolvers });
}
