/**
 * REST status → GraphQL `extensions.code` (ARCHITECTURE.md "Errors"); the web maps codes to German texts.
 */
import type { GraphQLFormattedError } from 'graphql';
import { UpstreamError } from '../upstream/upstream-error.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT' | 'UPSTREAM_UNAVAILABLE';

export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409 || status === 412) return 'CONFLICT';
  if (status >= 400 && status < 500) return 'BAD_USER_INPUT';
  return 'UPSTREAM_UNAVAILABLE';
}

/** The error a resolver threw, behind GraphQL's wrapper (checked structurally: graphql may load twice, ESM and CJS). */
function originalError(error: unknown): unknown {
  return error instanceof Error && 'originalError' in error && error.originalError ? error.originalError : error;
}

/** Apollo `formatError`: upstream failures get their code; internal details never leave the gateway. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = originalError(error);
  if (original instanceof UpstreamError) {
    const code = codeForStatus(original.status);
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code, ...(original.code ? { upstreamCode: original.code } : {}) },
    };
  }
  if (formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') return formatted;
  console.error('internal gateway error', original);
  return { ...formatted, message: GATEWAY_MESSAGES.internal };
}
