import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../upstream/upstream-error.js';
import { codeForStatus, formatError } from './error-codes.js';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

describe('REST status → extensions.code', () => {
  it.each([
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [400, 'BAD_USER_INPUT'],
    [422, 'BAD_USER_INPUT'],
    [409, 'CONFLICT'],
    [500, 'UPSTREAM_UNAVAILABLE'],
    [503, 'UPSTREAM_UNAVAILABLE'],
    [0, 'UPSTREAM_UNAVAILABLE'],
  ])('%i → %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });

  it('keeps the backend message and code of an upstream error', () => {
    const error = new GraphQLError('wrapped', {
      path: ['refreshSession'],
      originalError: new UpstreamError(401, 'ECRF_ERR_REFRESH_TOKEN_EXPIRED', 'refresh token expired', {}),
    });
    expect(formatError({ message: 'wrapped', path: ['refreshSession'] }, error)).toEqual({
      message: 'refresh token expired',
      locations: undefined,
      path: ['refreshSession'],
      extensions: { code: 'UNAUTHENTICATED', upstreamCode: 'ECRF_ERR_REFRESH_TOKEN_EXPIRED' },
    });
  });

  it('hides the details of internal errors', () => {
    const error = new GraphQLError('x', { path: ['viewer'], originalError: new TypeError('secret detail') });
    const formatted = formatError({ message: 'secret detail', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, error);
    expect(formatted.message).toBe(GATEWAY_MESSAGES.internal);
  });
});
