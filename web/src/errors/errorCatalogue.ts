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
      return germanServerText(error.message);
    default:
      return texts.errors.unexpected;
  }
}

/** "body/reasonForChange must NOT have more than 2000 characters": the request validation's technical wording. */
const VALIDATION = /^(?:body|querystring|params)?\/?([\w/]*)\s+must\s+(.+)$/;

/** The German for a validation rule of the request schema, or null for one without a German wording. */
function germanRule(rule: string): string | null {
  const t = texts.errors.rules;
  const limit = /(?:more|fewer) than (\d+) (characters|items)|[<>]=? (\d+)/.exec(rule);
  const n = Number(limit?.[1] ?? limit?.[3]);
  if (rule.startsWith('NOT have more than')) return limit?.[2] === 'items' ? t.maxItems(n) : t.maxLength(n);
  if (rule.startsWith('NOT have fewer than')) return limit?.[2] === 'items' ? t.minItems(n) : t.minLength(n);
  if (rule.startsWith('be <')) return t.maximum(n);
  if (rule.startsWith('be >')) return t.minimum(n);
  if (rule.startsWith("have required property '")) return t.required;
  return null;
}

/**
 * A refusal's text as it may be shown: the server's German message as it came, a validation message of the
 * request schema in German with the field's name ("Grund der Änderung: höchstens 2000 Zeichen"), and any other
 * technical or English text (which starts in lower case, as no German sentence does) as the German notice that
 * the input was not accepted; the original goes to the console for support.
 */
export function germanServerText(message: string): string {
  return serverText(message) ?? notAccepted(message);
}

/** The server's text as it may be shown (see germanServerText), or null for a technical or English one. */
function serverText(message: string): string | null {
  const validation = VALIDATION.exec(message);
  if (validation) {
    const required = /^have required property '(\w+)'/.exec(validation[2] ?? '');
    const field = required?.[1] ?? validation[1]?.split('/').filter(Boolean).at(-1) ?? '';
    const rule = germanRule(validation[2] ?? '');
    const name = texts.errors.fieldNames[field as keyof typeof texts.errors.fieldNames] ?? texts.errors.someField;
    if (rule !== null) return `${name}: ${rule}`;
  }
  const known = texts.errors.serverTexts[message as keyof typeof texts.errors.serverTexts];
  if (known !== undefined) return known;
  return /^[a-z]/.test(message) || validation ? null : message;
}

/** A technical text is logged for support; the user reads `fallback`. */
function notAccepted(message: string, fallback: string = texts.errors.notAccepted): string {
  console.warn(message);
  return fallback;
}

/**
 * A user error of a mutation as it may be shown: its German message, or, when the message is technical or English,
 * the German text of its code (every code of the schema has one, `texts.errors.userErrorCodes`).
 */
export function userErrorText(error: { readonly code: string; readonly message: string }): string {
  const codeText = texts.errors.userErrorCodes[error.code as keyof typeof texts.errors.userErrorCodes];
  return serverText(error.message) ?? notAccepted(error.message, codeText);
}

/**
 * What an alert may say (issue 26 item 4): Relay's own error for a response without data ("No data returned for
 * operation …") repeats a failure the network layer has already reported in German, so it adds no second alert;
 * other texts pass through the catalogue.
 */
export function alertText(message: string): string | null {
  if (message.startsWith('No data returned for operation')) return null;
  return germanServerText(message);
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
