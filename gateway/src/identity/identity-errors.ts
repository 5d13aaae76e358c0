/**
 * Failures of the pseudonymisation service as typed user errors (ecrf-calls.md §5, §8): the code names
 * the §5 status, the message is the German text with the prefix as the backend publishes it
 * (getMainzellisteConfiguration.errors), so the screen shows it as it is.
 */
import { GraphQLError } from 'graphql';
import type { UserErrorCode } from '../__generated__/resolvers.js';
import type { UserErrorModel } from '../graph/user-errors.js';
import type { GatewayContext } from '../context.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { ServiceFailure } from './service-client.js';

const codes = {
  400: 'MAINZELLISTE_BAD_REQUEST',
  401: 'MAINZELLISTE_UNAUTHORIZED',
  404: 'MAINZELLISTE_NOT_FOUND',
  409: 'MAINZELLISTE_UNSURE_MATCH',
  500: 'MAINZELLISTE_SERVER_ERROR',
} as const satisfies Record<number, UserErrorCode>;
type Row = keyof typeof codes;

/** The §5 row of a service status: no answer is "404 service does not respond"; other 4xx/5xx fall to 400/500. */
function rowOf(status: number): Row {
  if (status === 0) return 404;
  if (status === 403) return 401;
  if (status in codes) return status as Row;
  return status >= 500 ? 500 : 400;
}

/** The user error of a service failure, or of the backend's ECRF_ERR_MAINZELLISTE_* answer; null for anything else. */
export async function serviceUserError(
  error: unknown,
  context: GatewayContext,
  field: string | null = null,
): Promise<UserErrorModel | null> {
  if (error instanceof UpstreamError && error.code?.startsWith('ECRF_ERR_MAINZELLISTE_')) {
    return { code: codes[rowOf(Number(error.code.slice(-3)))], message: error.message, field };
  }
  if (!(error instanceof ServiceFailure)) return null;
  const row = rowOf(error.status);
  const { errors } = await context.loaders.identityConfiguration();
  const message = errors.find((entry) => entry.status === row)?.message ?? '';
  return { code: codes[row], message, field };
}

/** For reads: a service failure becomes a field error carrying the German text. */
export async function rethrowForField(error: unknown, context: GatewayContext): Promise<never> {
  const userError = await serviceUserError(error, context);
  if (!userError) throw error;
  throw new GraphQLError(userError.message, { extensions: { code: 'UPSTREAM_UNAVAILABLE', userErrorCode: userError.code } });
}
