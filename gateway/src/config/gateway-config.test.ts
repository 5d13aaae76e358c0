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
    expect(gatewayConfigFromEnv({ NODE_ENV: 'production', EVENTS_API_KEY: 'k', FILE_LINK_SECRET: 's' }).introspection).toBe(false);
    expect(
      gatewayConfigFromEnv({ NODE_ENV: 'production', EVENTS_API_KEY: 'k', FILE_LINK_SECRET: 's', GRAPHQL_INTROSPECTION: 'true' })
        .introspection,
    ).toBe(true);
  });
  it('requires persisted operations of browsers and hides GraphiQL in production, unless asked otherwise (issue 15)', () => {
    const production = { NODE_ENV: 'production', EVENTS_API_KEY: 'k', FILE_LINK_SECRET: 's', WEB_DIST: '/app/web/dist' };
    expect(gatewayConfigFromEnv(production)).toMatchObject({
      persistedOperations: '/app/web/dist/persisted-operations.json',
      persistedOperationsOnlyForWeb: true,
      graphiql: false,
    });
    expect(
      gatewayConfigFromEnv({ ...production, PERSISTED_OPERATIONS_ONLY_FOR_WEB: 'false', PERSISTED_OPERATIONS: '/ops.json' }),
    ).toMatchObject({
      persistedOperations: '/ops.json',
      persistedOperationsOnlyForWeb: false,
    });
    expect(gatewayConfigFromEnv({ ...production, GRAPHIQL: 'true' }).graphiql).toBe(true);
    expect(gatewayConfigFromEnv({ GRAPHIQL: 'false' }).graphiql).toBe(false);
    expect(gatewayConfigFromEnv({})).toMatchObject({
      persistedOperations: undefined,
      persistedOperationsOnlyForWeb: false,
      graphiql: true,
    });
  });
  it('answers without stack traces, in development too, unless asked for (issue 15)', () => {
    expect(gatewayConfigFromEnv({ NODE_ENV: 'development' }).stackTraces).toBe(false);
    expect(gatewayConfigFromEnv({ GRAPHQL_STACKTRACES: 'true' }).stackTraces).toBe(true);
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

  it('reads the key of download links, required in production', () => {
    expect(gatewayConfigFromEnv({}).fileLinkSecret).toBe('dev-file-link-secret');
    expect(gatewayConfigFromEnv({ FILE_LINK_SECRET: 'f' }).fileLinkSecret).toBe('f');
    expect(() => gatewayConfigFromEnv({ NODE_ENV: 'production', EVENTS_API_KEY: 'k' })).toThrow(/FILE_LINK_SECRET/);
  });
  it('reads the operator and its address lines from the environment, with the defaults when unset or blank', () => {
    const configured = gatewayConfigFromEnv({
      OPERATOR_NAME: 'Lungenregister e. V.',
      OPERATOR_ADDRESS: 'Hauptstraße 5; ;12345 Berlin',
      SUPPORT_PHONE: '030 1234',
    }).client;
    expect(configured).toMatchObject({
      operatorName: 'Lungenregister e. V.',
      operatorAddress: ['Hauptstraße 5', '12345 Berlin'],
      supportPhone: '030 1234',
    });
    const defaults = gatewayConfigFromEnv({ OPERATOR_NAME: '', OPERATOR_ADDRESS: ' ; ' }).client;
    expect(defaults.operatorName).toBe('Netzwerkgeschäftsstelle des klinischen Registers');
    expect(defaults.operatorAddress).toEqual(['Kerpener Straße 62', '50937 Köln']);
  });
});
