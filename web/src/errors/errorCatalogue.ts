/**
 * The error catalogue of ecrf-core.md §8 in one module: which GraphQL error codes and exceptions become
 * which German message, and which are only logged.
 */
import { texts } from '../texts';

export type GraphQLErrorLike = { message: string; extensions?: { code?: unknown } | null };

/** Thrown by the network layer when `fetch` itself fails (offline, DNS, refused connection). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(texts.errors.network, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * Thrown by the network layer when the server refuses a query for a missing right and answers no data: the
 * screen fails, and the refusal has already been alerted in German, so the screen adds no text of its own.
 */
export class RefusedError extends Error {
  constructor(cause: unknown) {
    super(texts.errors.forbidden, { cause });
    this.name = 'RefusedError';
  }
}

/** Thrown when the refresh token is refused: the user has to sign in again (ecrf-calls.md §4). */
export class SessionExpiredError extends Error {
  constructor() {
    super(texts.errors.sessionExpired);
    this.name = 'SessionExpiredError';
  }
}

export function errorCode(error: GraphQLErrorLike): string | null {
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : null;
}

export function isUnauthenticated(errors: readonly GraphQLErrorLike[] | undefined): boolean {
  return (errors ?? []).some((error) => errorCode(error) === 'UNAUTHENTICATED');
}

export type ErrorReport = { kind: 'alert'; message: string } | { kind: 'warn'; message: string };

/**
 * The German text of one GraphQL error. Refusals and outages never show the backend's own (English)
 * text; input and conflict errors carry the backend's German validation message (ecrf-core.md §8
 * "other API errors: alert with the response title or message").
 */
export function messageForGraphQLError(error: GraphQLErrorLike): string {
  switch (errorCode(error)) {
    case 'FORBIDDEN':
      return texts.errors.forbidden;
    case 'NOT_FOUND':
      return texts.errors.notFound;
    case 'UNAUTHENTICATED':
      return texts.errors.sessionExpired;
    case 'UPSTREAM_UNAVAILABLE':
      return texts.errors.network;
    case 'BAD_USER_INPUT':
    case 'CONFLICT':
      return error.message;
    default:
      return texts.errors.unexpected;
  }
}

export function isUpstreamUnavailable(errors: readonly GraphQLErrorLike[] | undefined): boolean {
  return (errors ?? []).some((error) => errorCode(error) === 'UPSTREAM_UNAVAILABLE');
}

export function isRefused(errors: readonly GraphQLErrorLike[] | undefined): boolean {
  return (errors ?? []).some((error) => errorCode(error) === 'FORBIDDEN');
}

/** GraphQL errors of a response: NOT_FOUND is only logged (with the raw text); the others are shown once each, in German. */
export function reportForGraphQLErrors(errors: readonly GraphQLErrorLike[]): ErrorReport {
  const shown = errors.filter((error) => errorCode(error) !== 'NOT_FOUND');
  if (shown.length === 0) return { kind: 'warn', message: errors.map((error) => error.message).join('\n') };
  return { kind: 'alert', message: [...new Set(shown.map(messageForGraphQLError))].join('\n') };
}

/** Serialised text of something unknown that was thrown (ecrf-core.md §8 "unknown errors"). */
export function serializeUnknown(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    const json = JSON.stringify(value);
    return json === undefined ? String(value) : json;
  } catch {
    return String(value);
  }
}

/** An exception from a request: network failure, expired session, an Error, or anything else. */
export function reportForException(error: unknown): ErrorReport {
  if (error instanceof NetworkError) return { kind: 'alert', message: texts.errors.network };
  if (error instanceof SessionExpiredError) return { kind: 'alert', message: texts.errors.sessionExpired };
  if (error instanceof Error) return { kind: 'alert', message: error.message };
  return { kind: 'alert', message: serializeUnknown(error) };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** dd.MM.yyyy HH:mm in the browser's time zone (ecrf-core.md §9: German date format with optional time). */
export function formatDateTime(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type SignInUserError = { code: string; message: string };
export type SignInResult = {
  session: { token: string; refreshToken: string } | null | undefined;
  errors: readonly SignInUserError[];
  lockedUntil?: string | null | undefined;
};

export type SignInOutcome = { kind: 'signedIn'; token: string; refreshToken: string } | { kind: 'failed'; message: string };

/** What the login form does with a signIn payload (ecrf-core.md §8: login without token). */
export function interpretSignInResult(result: SignInResult): SignInOutcome {
  if (result.session != null) {
    return { kind: 'signedIn', token: result.session.token, refreshToken: result.session.refreshToken };
  }
  const first = result.errors[0];
  if (first === undefined) return { kind: 'failed', message: texts.errors.noToken };
  switch (first.code) {
    case 'INVALID_CREDENTIALS':
      return { kind: 'failed', message: texts.login.invalidCredentials };
    case 'ACCOUNT_LOCKED':
      return { kind: 'failed', message: texts.login.accountLocked(result.lockedUntil ? formatDateTime(result.lockedUntil) : null) };
    case 'ACCOUNT_DEACTIVATED':
      return { kind: 'failed', message: texts.login.accountDeactivated };
    default:
      return { kind: 'failed', message: first.message };
  }
}

/** A sign-in request that threw: 'Fehler beim Login aufgetreten: ' plus the detail. */
export function signInExceptionMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : serializeUnknown(error);
  return `${texts.errors.loginException}${detail}`;
}

export type PasswordChangeResult = {
  passwordChanged: boolean;
  passwordSynchronized: boolean;
  errors: readonly SignInUserError[];
};

export type PasswordChangeOutcome = { variant: 'success' | 'critical'; title: string; detail: string };

/** Snackbar of the password change (ecrf-core.md §8). */
export function passwordChangeOutcome(result: PasswordChangeResult | null): PasswordChangeOutcome {
  if (result === null || result.errors.length > 0 || !result.passwordChanged) {
    return { variant: 'critical', title: texts.password.failed, detail: texts.password.failedDetail };
  }
  const detail = result.passwordSynchronized ? texts.password.changedDetail : `${texts.password.changedDetail}${texts.password.syncFailed}`;
  return { variant: 'success', title: texts.password.changed, detail };
}
