/**
 * The last Express handler: a request the GraphQL layer never saw (malformed JSON, a body too large) answers
 * in the GraphQL error shape with its 4xx status, anything else 500 — never Express's HTML page with the
 * stack (issue 15 item 4: no stack trace in any answer).
 */
import type { ErrorRequestHandler } from 'express';
import { GATEWAY_MESSAGES } from '../graph/messages.js';

function statusOf(error: unknown): number {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
}

export const errorAnswers: ErrorRequestHandler = (error: unknown, _request, response, next) => {
  if (response.headersSent) return next(error);
  const status = statusOf(error);
  if (status === 500) console.error('internal gateway error', error);
  const message = status === 500 ? GATEWAY_MESSAGES.internal : error instanceof Error ? error.message : GATEWAY_MESSAGES.badRequest;
  response.status(status).json({ errors: [{ message, extensions: { code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST' } }] });
};
