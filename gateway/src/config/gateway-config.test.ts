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
    expect(gatewayConfigFromEnv({ NODE_ENV: 'production' }).introspection).toBe(false);
    expect(gatewayConfigFromEnv({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' }).introspection).toBe(true);
  });
  it('refuses a malformed timer', () => {
    expect(() => gatewayConfigFromEnv({ AUTO_LOGOUT_AFTER_WARN: 'drei' })).toThrow(/integer/);
  });
});
