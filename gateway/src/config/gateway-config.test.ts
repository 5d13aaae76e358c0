import { describe, expect, it } from 'vitest';
import { gatewayConfigFromEnv } from './gateway-config.js';

describe('gateway configuration', () => {
  it('uses the spec constants by default (ecrf-core.md §9, ecrf-calls.md §9)', () => {
    const config = gatewayConfigFromEnv({});
    expect(config.client).toMatchObject({ versionLabel: '1.30.6', idleWarningAfterMs: 1_620_000, autoLogoutAfterWarn: 180 });
    expect(config.introspection).toBe(true);
    expect(config.backendUrl).toBe('http://127.0.0.1:4100');
  });
  it('turns introspection off in production unless asked for', () => {
    expect(gatewayConfigFromEnv({ NODE_ENV: 'production', EVENTS_API_KEY: 'k' }).introspection).toBe(false);
    expect(gatewayConfigFromEnv({ NODE_ENV: 'production', EVENTS_API_KEY: 'k', GRAPHQL_INTROSPECTION: 'true' }).introspection).toBe(true);
  });
  it('refuses a malformed timer', () => {
    expect(() => gatewayConfigFromEnv({ AUTO_LOGOUT_AFTER_WARN: 'drei' })).toThrow(/integer/);
  });
  it('reads the event stream key and Redis, with the development key outside production', () => {
    expect(gatewayConfigFromEnv({})).toMatchObject({ eventsApiKey: 'dev-events-key', redisUrl: undefined, redisKeyPrefix: 'ecrf:events' });
    expect(gatewayConfigFromEnv({ EVENTS_API_KEY: 'k', REDIS_URL: 'redis://r:6379' })).toMatchObject({
      eventsApiKey: 'k',
      redisUrl: 'redis://r:6379',
    });
    expect(() => gatewayConfigFromEnv({ NODE_ENV: 'production' })).toThrow(/EVENTS_API_KEY/);
  });
});
