/**
 * GET /livez and GET /readyz without a token (docs/gateway.md "Health and shutdown"): ready while the backend is
 * ready, Redis answers (when REDIS_URL is set) and the gateway does not drain. While it drains, every answer
 * closes its connection, so kept-alive clients reconnect to another gateway.
 */
import type { Express } from 'express';
import { Redis } from 'ioredis';
import type { Pool } from 'undici';
import { CHECK_TIMEOUT_MS, checkWithin, createServiceHealth, LIVENESS_BODY, type ServiceHealth } from '@ecrf/database';

export type GatewayHealth = ServiceHealth & { close(): Promise<void> };

/** The backend's own readiness, so a gateway whose backend lost its database is not ready either. */
function backendReady(pool: Pool): Promise<void> {
  return pool.request({ method: 'GET', path: '/readyz', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }).then(async (answer) => {
    await answer.body.dump();
    if (answer.statusCode !== 200) throw new Error(`backend readiness answered ${answer.statusCode}`);
  });
}

export function registerHealthRoutes(app: Express, pool: Pool, redisUrl: string | undefined): GatewayHealth {
  // A connection of its own: without an offline queue a PING fails at once while Redis is away (ioredis reconnects).
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', () => undefined);
  const health = createServiceHealth({
    backend: () => checkWithin(backendReady(pool)),
    ...(redis ? { redis: () => checkWithin(redis.ping()) } : {}),
  });
  app.use((_request, response, next) => {
    if (health.draining) response.setHeader('Connection', 'close');
    next();
  });
  app.get('/livez', (_request, response) => {
    response.json(LIVENESS_BODY);
  });
  app.get('/readyz', async (_request, response) => {
    const { statusCode, body } = await health.readiness();
    response.status(statusCode).json(body);
  });
  return {
    get draining() {
      return health.draining;
    },
    drain: () => health.drain(),
    readiness: () => health.readiness(),
    close: async () => {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
