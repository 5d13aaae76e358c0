/** Apollo plugins: HTTP 401 for unauthenticated operations, and the optional upstream call count. */
import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from '../context.js';

/** An operation that failed as a whole for want of a valid token answers 401, like the REST API. */
export const unauthenticatedStatusPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (data == null && errors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED')) {
          response.http.status = 401;
        }
      },
    };
  },
};

/** `extensions.upstreamCalls`: how many backend calls the operation caused (tests assert on it). */
export const upstreamCallsPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        result.extensions = { ...result.extensions, upstreamCalls: contextValue.backend.stats.calls };
      },
    };
  },
};
