/**
 * GET /livez and GET /readyz without credentials (docs/mainzelliste.md "Health and shutdown"): ready while its
 * database answers and the service does not drain. Closing the app drains it first: readiness answers 503 and
 * a request arriving on a kept-alive connection is refused, while those in flight finish.
 */
import type { FastifyInstance } from 'fastify';
import { createServiceHealth, databaseCheck, HEALTH_PATHS, LIVENESS_BODY } from '@ecrf/database';
import type { Database } from '../db/database.js';
import { MainzellisteError } from '../errors/errors.js';

const healthPaths: ReadonlySet<string> = new Set(HEALTH_PATHS);

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  const health = createServiceHealth({ database: () => databaseCheck(database.db) });
  app.addHook('preClose', async () => health.drain());
  app.addHook('onRequest', async (request) => {
    if (health.draining && !healthPaths.has(request.url)) throw new MainzellisteError('ML_ERR_UNAVAILABLE', 'Service is shutting down');
  });
  // Tells a client whose request was in flight not to reuse the connection; the server closes it after the answer.
  app.addHook('onSend', async (_request, reply) => {
    if (health.draining) reply.header('connection', 'close');
  });
  app.get('/livez', async () => LIVENESS_BODY);
  app.get('/readyz', async (_request, reply) => {
    const { statusCode, body } = await health.readiness();
    return reply.status(statusCode).send(body);
  });
}
