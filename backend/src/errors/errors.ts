/**
 * Every error the API answers with, defined in one place: code → HTTP status (STYLE.md "Errors have a code
 * and a status"). The answer body is {statusCode, code, error, message} plus extra fields of the error.
 */
import { ACCESS_MESSAGES, DOCUMENTATION_MESSAGES, ERROR_CODE_MESSAGES, type RecordName } from './messages.js';
export const errorStatus = {
  ECRF_ERR_VALIDATION: 400,
  ECRF_ERR_WRONG_PASSWORD: 400,
  ECRF_ERR_WEAK_PASSWORD: 400,
  ECRF_ERR_INVALID_CREDENTIALS: 401,
  ECRF_ERR_UNAUTHENTICATED: 401,
  ECRF_ERR_REFRESH_TOKEN_EXPIRED: 401,
  ECRF_ERR_FORBIDDEN: 403,
  ECRF_ERR_ACCOUNT_DEACTIVATED: 403,
  /** The caller's role must pass the study's e-learning before documenting in it (backend/src/elearning/elearning-gate.ts). */
  ECRF_ERR_ELEARNING_REQUIRED: 403,
  ECRF_ERR_NOT_FOUND: 404,
  ECRF_ERR_CONFLICT: 409,
  /** A save sent an older version than the stored one; the body carries the newer state (`current`). */
  ECRF_ERR_STALE_WRITE: 409,
  ECRF_ERR_FIELD_LOCKED: 409,
  ECRF_ERR_VISIT_NOT_EDITABLE: 409,
  ECRF_ERR_VISIT_NOT_AVAILABLE: 409,
  ECRF_ERR_FIELD_NOT_EDITABLE: 422,
  ECRF_ERR_REASON_REQUIRED: 422,
  /** An Idempotency-Key sent again with another request (backend/src/http/idempotency.ts). */
  ECRF_ERR_IDEMPOTENCY_KEY_REUSED: 422,
  /** An Idempotency-Key whose first request is still running. */
  ECRF_ERR_IDEMPOTENCY_KEY_IN_USE: 409,
  /** An upload above its size limit (OncoBox import: 10 MB). */
  ECRF_ERR_FILE_TOO_LARGE: 413,
  /** An upload whose content is not of a type the call takes (news documents: recognised by content, not by name). */
  ECRF_ERR_UNSUPPORTED_FILE_TYPE: 415,
  ECRF_ERR_ACCOUNT_LOCKED: 423,
  /**
   * A questionnaire access code that is unknown, expired, replaced or already used (backend/src/questionnaires):
   * one answer for all, so the answer tells nothing about codes that once existed.
   */
  ECRF_ERR_QUESTIONNAIRE_ACCESS_INVALID: 404,
  /** Too many invalid questionnaire access codes from one address; `Retry-After` says when to try again. */
  ECRF_ERR_TOO_MANY_ATTEMPTS: 429,
  ECRF_ERR_INTERNAL: 500,
  /**
   * Queries and verification flags (issue 11) answer the codes of the REST contract the gateway maps:
   * an action dataQueryDecision refuses (with `reason`), one the query's status does not allow, a stale
   * version (with `current`), and a flag of that type that exists on the field already (with `current`).
   */
  QUERY_ACTION_REFUSED: 403,
  QUERY_WRONG_STATUS: 409,
  STALE_WRITE: 409,
  ALREADY_EXISTS: 409,
  /** The pseudonymisation service's answers (ecrf-calls.md §5; backend/src/identity/identity-errors.ts). */
  ECRF_ERR_MAINZELLISTE_400: 502,
  ECRF_ERR_MAINZELLISTE_401: 502,
  ECRF_ERR_MAINZELLISTE_404: 503,
  ECRF_ERR_MAINZELLISTE_409: 409,
  ECRF_ERR_MAINZELLISTE_500: 502,
  /** A request that reached a backend shutting down (docs/backend.md "Health and shutdown"); another replica takes it. */
  ECRF_ERR_DRAINING: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The German text of every code (messages.ts): a code added without one does not compile. */
export const errorCodeMessages: Readonly<Record<ErrorCode, string>> = ERROR_CODE_MESSAGES;

/** A refused field: the body field (dotted path) and its German message; documentation values also name the instance and its path in the form. */
export type FieldError = { field: string; message: string; fieldId?: string; path?: string };

/** Extra fields some errors carry (lockedUntil of a locked account, messages of a weak password, field errors). */
export type ErrorExtras = {
  lockedUntil?: string;
  messages?: string[];
  fieldErrors?: FieldError[];
  /** ECRF_ERR_STALE_WRITE: the stored, newer state. */
  current?: unknown;
  /** Field errors of the documentation area: the field instance refused. */
  fieldId?: string;
  /** ECRF_ERR_VISIT_NOT_AVAILABLE: why (definition.max or the follow-up reason of @ecrf/rules). */
  reason?: string;
};

export class EcrfError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly extras: ErrorExtras;

  constructor(code: ErrorCode, message: string, extras: ErrorExtras = {}) {
    super(message);
    this.name = 'EcrfError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.extras = extras;
  }
}

/** ecrf-core.md §8: the client logs out on 401 with exactly this message. */
export const REFRESH_TOKEN_EXPIRED_MESSAGE = 'refresh token expired';

export const notFound = (what: RecordName): EcrfError => new EcrfError('ECRF_ERR_NOT_FOUND', ACCESS_MESSAGES.notFound(what));
export const forbidden = (message: string): EcrfError => new EcrfError('ECRF_ERR_FORBIDDEN', message);
export const unauthenticated = (message: string = ACCESS_MESSAGES.authenticationRequired): EcrfError =>
  new EcrfError('ECRF_ERR_UNAUTHENTICATED', message);
export const refreshTokenExpired = (): EcrfError => new EcrfError('ECRF_ERR_REFRESH_TOKEN_EXPIRED', REFRESH_TOKEN_EXPIRED_MESSAGE);

/** 400 with the broken field rules, so clients can show each message at its field. */
export const invalidFields = (fieldErrors: FieldError[]): EcrfError =>
  new EcrfError('ECRF_ERR_VALIDATION', fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; '), { fieldErrors });
export const conflict = (message: string): EcrfError => new EcrfError('ECRF_ERR_CONFLICT', message);

export const staleWrite = (current: unknown): EcrfError => new EcrfError('ECRF_ERR_STALE_WRITE', DOCUMENTATION_MESSAGES.stale, { current });
