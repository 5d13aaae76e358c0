/** The live events of one gateway: the backend stream, its fan-out (memory or Redis) and the replays. */
import type { Pool } from 'undici';
import type { GatewayConfig } from '../config/gateway-config.js';
import { createBackendEvents, type Log } from './backend-events.js';
import { createMemoryBus } from './event-bus.js';
import type { EventSourceOfSubscriptions } from './live-stream.js';
import { createRedisBus } from './redis-bus.js';

export type LiveEvents = EventSourceOfSubscriptions & { close(): Promise<void> };

export function createLiveEvents(
  pool: Pool,
  config: Pick<GatewayConfig, 'eventsApiKey' | 'redisUrl' | 'redisKeyPrefix'>,
  log: Log,
): LiveEvents {
  const backend = createBackendEvents(pool, config.eventsApiKey, log);
  const bus = config.redisUrl
    ? createRedisBus(config.redisUrl, backend, log, { keyPrefix: config.redisKeyPrefix })
    : createMemoryBus(backend);
  return { bus, backend, close: () => bus.close() };
}
