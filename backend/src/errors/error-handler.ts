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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | EcrfError, request, reply) => {
    if (error instanceof EcrfError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.code, error.message, error.extras));
    }
    if (error.validation) {
      // e.g. "body/userName must be string"
      return reply.status(400).send(errorBody(400, 'ECRF_ERR_VALIDATION', error.message));
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
