/**
 * Error and not-found handlers: MainzellisteError answers its text (or JSON) body; Fastify's own client
 * errors get a generic text that never echoes the request (a JSON parse error would quote IDAT); 5xx are
 * logged by type and message only.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { MainzellisteError } from './errors.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | MainzellisteError, request, reply) => {
    if (error instanceof MainzellisteError) {
      if (error.body) return reply.status(error.statusCode).send(error.body);
      return reply.status(error.statusCode).type('text/plain; charset=utf-8').send(error.message);
    }
    if (error.validation) {
      // Schema messages name the place, not the value ("body/type must be string").
      return reply.status(400).type('text/plain; charset=utf-8').send(error.message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, 'request failed');
      return reply.status(500).type('text/plain; charset=utf-8').send('Internal Server Error');
    }
    const text = `${STATUS_CODES[status] ?? 'Error'}${error.code ? ` (${error.code})` : ''}`;
    return reply.status(status).type('text/plain; charset=utf-8').send(text);
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .type('text/plain; charset=utf-8')
      .send(`Not found: ${request.method} ${request.url.split('?')[0] ?? ''}`);
  });
}
