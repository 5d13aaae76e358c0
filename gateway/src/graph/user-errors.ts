/**
 * Mutations of the administration answer refusals the user can act on as typed `UserError`s pointing at
 * the input field (STYLE.md "form validation results travel as data"): field rules of ecrf-calls.md §5,
 * weak passwords, taken identifiers and objects still in use. Everything else stays a GraphQL error.
 */
import { GraphQLError } from 'graphql';
import type { UserErrorCode, UserErrorResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { fromGlobalId, type NodeType } from './global-id.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import { GATEWAY_MESSAGES } from './messages.js';

/**
 * A user error as resolvers build it. `field` is the input path in dotted form (`personData.phone`,
 * `fields[3].childFields[1]`); the graph answers it as `path` segments. `fieldId` is a data field's global id.
 */
export type UserErrorModel = {
  code: UserErrorCode;
  message: string;
  field?: string | null;
  fieldId?: string | null;
  formPath?: string | null;
};

/** `fields[3].childFields[1]` → ['fields', '3', 'childFields', '1']. */
export function inputPath(field: string | null | undefined): string[] {
  return field ? field.split(/[.[\]]/).filter((segment) => segment !== '') : [];
}

export const UserError: UserErrorResolvers = {
  path: (error) => inputPath(error.field),
  fieldId: (error) => error.fieldId ?? null,
  formPath: (error) => error.formPath ?? null,
};

export type ErrorOptions = {
  /** Backend body field → input field, where the names differ (`newPasswordString` → `newPassword`). */
  fields?: Record<string, string>;
  /** What a 409 means for this mutation. */
  conflict?: 'ALREADY_EXISTS' | 'NOT_DELETABLE';
  /** The input field a 409 concerns, if any. */
  conflictField?: string;
};

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function fieldErrors(value: unknown): { field: string; message: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { field, message } = item as Record<string, unknown>;
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}

/** The user errors an upstream refusal stands for, or null when it is not one the user can fix. */
export function userErrorsOf(error: unknown, options: ErrorOptions = {}): UserErrorModel[] | null {
  if (!(error instanceof UpstreamError)) return null;
  const rename = (field: string): string => options.fields?.[field] ?? field;
  const fields = fieldErrors(error.body.fieldErrors);
  if (fields.length > 0) return fields.map(({ field, message }) => ({ code: 'INVALID_VALUE', message, field: rename(field) }));
  if (error.code === 'ECRF_ERR_WEAK_PASSWORD') {
    const messages = stringList(error.body.messages);
    const field = rename('newPasswordString');
    return (messages.length > 0 ? messages : [error.message]).map((message) => ({ code: 'WEAK_PASSWORD', message, field }));
  }
  if (error.status === 409)
    return [{ code: options.conflict ?? 'ALREADY_EXISTS', message: error.message, field: options.conflictField ?? null }];
  return null;
}

/** Runs a change; refusals the user can fix become `failed(errors)`, anything else is thrown on. */
export async function attempt<T>(run: () => Promise<T>, failed: (errors: UserErrorModel[]) => T, options?: ErrorOptions): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const errors = userErrorsOf(error, options);
    if (!errors) throw error;
    return failed(errors);
  }
}

/** A global id of the wrong type or shape; outside mutations it answers BAD_USER_INPUT. */
export class InvalidIdError extends GraphQLError {
  constructor(readonly field: string) {
    super(`invalid id in ${field}`, { extensions: { code: 'BAD_USER_INPUT' } });
  }
}

/** The backend id behind a global id of the given type; a wrong one is an INVALID_VALUE on `field`. */
export function backendId(globalId: string, type: NodeType, field: string): string {
  const decoded = fromGlobalId(globalId);
  if (!decoded || decoded.type !== type) throw new InvalidIdError(field);
  return decoded.id;
}

/**
 * The backend id behind a global id in a query's arguments. A malformed one is BAD_USER_INPUT, but only after
 * the token is checked, so a request without a valid token is UNAUTHENTICATED whatever its arguments.
 */
export async function argumentId(globalId: string, type: NodeType, field: string, context: GatewayContext): Promise<string> {
  const decoded = fromGlobalId(globalId);
  if (decoded?.type === type) return decoded.id;
  await context.loaders.currentUser();
  throw new InvalidIdError(field);
}

/**
 * Like `attempt`, and a malformed id in the input becomes a user error too. The caller is authenticated
 * first, so a request without a valid token is UNAUTHENTICATED whatever its input.
 */
export async function attemptWithIds<T>(
  context: GatewayContext,
  run: () => Promise<T>,
  failed: (errors: UserErrorModel[]) => T,
  options?: ErrorOptions,
): Promise<T> {
  try {
    return await attempt(run, failed, options);
  } catch (error) {
    if (!(error instanceof InvalidIdError)) throw error;
    await context.loaders.currentUser();
    return failed([{ code: 'INVALID_VALUE', message: GATEWAY_MESSAGES.unknownId, field: error.field }]);
  }
}
