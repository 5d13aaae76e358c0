/**
 * GET /livez and GET /readyz outside the API, without a token (docs/backend.md "Health and shutdown"): ready
 * while the database answers and the backend does not drain. Closing the app drains it first: readiness
 * answers 503, and a request arriving on a kept-alive connection is refused, while those in flight finish.
 */
import type { FastifyInstance } from 'fastify';
import { createServiceHealth, databaseCheck, HEALTH_PATHS, LIVENESS_BODY, type ServiceHealth } from '@ecrf/database';
import type { Database } from '../db/database.js';
import { EcrfError } from '../errors/errors.js';

const healthPaths: ReadonlySet<string> = new Set(HEALTH_PATHS);

export function registerHealthRoutes(app: FastifyInstance, database: Database): ServiceHealth {
  const health = createServiceHealth({ database: () => databaseCheck(database.db) });
  // Registered before the other preClose hooks, so readiness says "draining" before streams end.
  app.addHook('preClose', async () => health.drain());
  app.addHook('onRequest', async (request) => {
    if (health.draining && !healthPaths.has(request.url)) {
      throw new EcrfError('ECRF_ERR_DRAINING', 'Der Dienst wird gerade beendet. Bitte erneut versuchen.');
    }
  });
  // Tells a client whose request was in flight not to reuse the connection; the server closes it after the answer.
  app.addHook('onSend', async (_request, reply) => {
    if (health.draining) reply.header('connection', 'close');
  });
  app.get('/livez', { schema: { hide: true } }, async () => LIVENESS_BODY);
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { statusCode, body } = await health.readiness();
    return reply.status(statusCode).send(body);
  });
  return health;
}
