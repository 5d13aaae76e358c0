/**
 * Apollo plugins: the status codes of GraphQL over HTTP for `application/json`, HTTP 401 for unauthenticated
 * operations, and the optional upstream call count.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import Negotiator from 'negotiator';
import type { GatewayContext } from '../context.js';

/** The media types Apollo chooses a single result's from, in its order (its chooseContentTypeForSingleResultResponse). */
const RESULT_MEDIA_TYPES = [
  'application/json; charset=utf-8',
  'application/graphql-response+json; charset=utf-8',
  'application/json; callbackSpec=1.0; charset=utf-8',
];

/** Whether Apollo answers in `application/json`: without an Accept header, or where the client prefers it. */
function answersPlainJson(accept: string | undefined): boolean {
  return (
    accept === undefined ||
    (new Negotiator({ headers: { accept } }).mediaType(RESULT_MEDIA_TYPES)?.startsWith('application/json;') ?? false)
  );
}

/** Errors of a well-formed request's document: it does not parse, validate or take its variables, or breaks a limit. */
const DOCUMENT_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT']);

/**
 * GraphQL over HTTP: an answer in `application/json` SHOULD be 200 for a well-formed request whatever GraphQL errors
 * its document meets (parse, validation and variable failures, the limits), since a client that does not know
 * `application/graphql-response+json` cannot tell them from a failing proxy by status anyway. Apollo answers them 400,
 * which stays for `application/graphql-response+json`. Malformed requests (no JSON, a batch, no or no string query,
 * BAD_REQUEST) keep their 400.
 */
export const jsonStatusPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart({ request }) {
    return {
      async willSendResponse({ response }) {
        if (response.http.status !== 400 || response.body.kind !== 'single') return;
        const errors = response.body.singleResult.errors ?? [];
        const documentErrors = errors.length > 0 && errors.every((error) => DOCUMENT_ERROR_CODES.has(String(error.extensions?.code)));
        if (documentErrors && answersPlainJson(request.http?.headers.get('accept'))) response.http.status = 200;
      },
    };
  },
};

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
