/**
 * Terminology in the graph (ecrf-calls.md §7 "Terminology"): a collection's codes as a forward connection over
 * the backend's search pages, and one code through the per-request loader.
 */
import type { QueryResolvers } from '../__generated__/resolvers.js';
import { backendPage, connectionOf, pageRequest, pageWindow } from '../graph/connection.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { graphCode } from './loaders.js';

export const terminologyQueries: Pick<QueryResolvers, 'terminology' | 'terminologyCode'> = {
  async terminology(_, { collection, search, first, after }, context) {
    const window = pageWindow({ first, after }, 50);
    const query = { search: search?.trim() || undefined, ...pageRequest(window) };
    let answer;
    try {
      answer = await context.backend.call('get', '/api/v1.0/Terminology/{collection}', { path: { collection }, query });
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return null;
      throw error;
    }
    const { skip } = backendPage(window);
    const codes = answer.items.slice(skip, skip + window.size).map(graphCode);
    return {
      ...connectionOf(codes, window.offset, answer.totalCount),
      collection: answer.collection,
      name: answer.name,
      version: answer.version,
    };
  },
  terminologyCode: (_, { collection, code }, context) => context.loaders.terminologyCodes.load({ collection, code }),
};
