/** Fastify error and not-found handlers answering every failure in the one error shape of errors.ts. */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { EcrfError, errorCodeMessages, errorStatus, type ErrorCode, type ErrorExtras } from './errors.js';
import { schemaFieldErrors, type SchemaRefusal } from './validation-messages.js';
import { ACCESS_MESSAGES, CONFLICT_MESSAGES } from './messages.js';

export type ErrorBody = { statusCode: number; code: string; error: string; message: string } & ErrorExtras;

export function errorBody(statusCode: number, code: string, message: string, extras: ErrorExtras = {}): ErrorBody {
  return { statusCode, code, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extras };
}

function codeForStatus(statusCode: number): ErrorCode {
  const match = (Object.keys(errorStatus) as ErrorCode[]).find((code) => errorStatus[code] === statusCode);
  return match ?? 'ECRF_ERR_INTERNAL';
}

/**
 * What PostgreSQL refuses because of the input, answered as the client's mistake rather than 500 (issue 15 item
 * 4): a malformed or out-of-range value (SQLSTATE class 22), a reference to a record that does not exist (23503),
 * a duplicate (23505), a broken check or a missing value (23514, 23502). Routes check their input first; this is
 * the net under them.
 */
function databaseRefusal(error: unknown): { code: ErrorCode; message: string } | null {
  const sqlState = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof sqlState !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(sqlState)) return null;
  if (sqlState === '23503') return { code: 'ECRF_ERR_NOT_FOUND', message: CONFLICT_MESSAGES.referencedMissing };
  if (sqlState === '23505') return { code: 'ECRF_ERR_CONFLICT', message: CONFLICT_MESSAGES.duplicate };
  return { code: 'ECRF_ERR_VALIDATION', message: CONFLICT_MESSAGES.malformed };
}

/** The answer to a failure in the one error shape (logged as its kind needs); the FHIR routes reshape it. */
export function errorAnswer(error: FastifyError | EcrfError, request: FastifyRequest): ErrorBody {
  if (error instanceof EcrfError) return errorBody(error.statusCode, error.code, error.message, error.extras);
  if (error.validation) {
    // German, each refused field by its label with the limit it broke (issue 26 item 3).
    const fieldErrors = schemaFieldErrors(error.validation as SchemaRefusal[]);
    return errorBody(400, 'ECRF_ERR_VALIDATION', fieldErrors.map((e) => e.message).join(' ') || error.message, { fieldErrors });
  }
  const refusal = databaseRefusal(error);
  if (refusal) {
    request.log.warn({ err: error }, 'input refused by the database');
    return errorBody(errorStatus[refusal.code], refusal.code, refusal.message);
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return errorBody(500, 'ECRF_ERR_INTERNAL', ACCESS_MESSAGES.internal);
  }
  // Fastify's own client errors (malformed JSON, unsupported media type, body too large): its text is English, the
  // answer says the code's German text and the log keeps Fastify's.
  const code = status === 400 ? 'ECRF_ERR_VALIDATION' : codeForStatus(status);
  request.log.info({ err: error }, 'request refused by the framework');
  return errorBody(status, code, errorCodeMessages[code]);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | EcrfError, request, reply) => {
    const body = errorAnswer(error, request);
    return reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, 'ECRF_ERR_NOT_FOUND', ACCESS_MESSAGES.notFound('route')));
  });
}
