/** Fastify error and not-found handlers answering every failure in the one error shape of errors.ts. */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { EcrfError, errorStatus, type ErrorCode, type ErrorExtras } from './errors.js';

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
  if (sqlState === '23503') return { code: 'ECRF_ERR_NOT_FOUND', message: 'a referenced record does not exist' };
  if (sqlState === '23505') return { code: 'ECRF_ERR_CONFLICT', message: 'a record with these values exists already' };
  return { code: 'ECRF_ERR_VALIDATION', message: 'a value is malformed, out of range or missing' };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | EcrfError, request, reply) => {
    if (error instanceof EcrfError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.code, error.message, error.extras));
    }
    if (error.validation) {
      // e.g. "body/userName must be string"
      return reply.status(400).send(errorBody(400, 'ECRF_ERR_VALIDATION', error.message));
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(errorStatus[refusal.code]).send(errorBody(errorStatus[refusal.code], refusal.code, refusal.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody(500, 'ECRF_ERR_INTERNAL', 'Internal Server Error'));
    }
    // Fastify's own client errors (malformed JSON, unsupported media type, body too large).
    return reply.status(status).send(errorBody(status, status === 400 ? 'ECRF_ERR_VALIDATION' : codeForStatus(status), error.message));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(404, 'ECRF_ERR_NOT_FOUND', `Route ${request.method} ${request.url} not found`));
  });
}
