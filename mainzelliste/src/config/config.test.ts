import { describe, expect, it } from 'vitest';
import { DEV_API_KEY, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults outside production', () => {
    const config = loadConfig({});
    expect(config.servers[0]?.apiKey).toBe(DEV_API_KEY);
    expect(config.sessionTimeoutMs).toBe(600_000);
    expect([config.thresholdMatch, config.thresholdNonMatch]).toEqual([0.95, 0.6]);
    expect(config.servers[0]?.permissions.has('tt_addPatient')).toBe(true);
    expect(config.matcher).toBe('fellegi-sunter');
    expect(config.allowOneMissingField).toBe(false);
    expect([config.fellegiSunterThresholdMatch, config.fellegiSunterThresholdNonMatch]).toEqual([0.95, 0.2]);
    expect(config.linkageReestimateHours).toBe(24);
  });

  it('selects the matcher, its thresholds and the missing-field rule', () => {
    const config = loadConfig({
      MAINZELLISTE_MATCHER: 'epilink',
      MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_MATCH: '0.99',
      MAINZELLISTE_ALLOW_ONE_MISSING_FIELD: 'true',
      MAINZELLISTE_LINKAGE_REESTIMATE_HOURS: '0',
    });
    expect(config.matcher).toBe('epilink');
    expect(config.fellegiSunterThresholdMatch).toBe(0.99);
    expect(config.allowOneMissingField).toBe(true);
    expect(config.linkageReestimateHours).toBe(0);
    expect(() => loadConfig({ MAINZELLISTE_LINKAGE_REESTIMATE_HOURS: '-1' })).toThrow(/MAINZELLISTE_LINKAGE_REESTIMATE_HOURS/);
    expect(() => loadConfig({ MAINZELLISTE_MATCHER: 'soundex' })).toThrow(/MAINZELLISTE_MATCHER/);
    expect(() => loadConfig({ MAINZELLISTE_FELLEGI_SUNTER_THRESHOLD_NON_MATCH: '0.999' })).toThrow(/THRESHOLD/);
  });

  it('refuses to serve in production as the login it migrates with', () => {
    const production = { NODE_ENV: 'production', MAINZELLISTE_API_KEY: 'k'.repeat(32) };
    expect(() => loadConfig({ ...production, MAINZELLISTE_DATABASE_URL: 'postgres://ml@db/ml' })).toThrow(
      /MAINZELLISTE_MIGRATION_DATABASE_URL must be set/,
    );
    const both = { MAINZELLISTE_DATABASE_URL: 'postgres://ml_service@db/ml', MAINZELLISTE_MIGRATION_DATABASE_URL: 'postgres://ml@db/ml' };
    expect(loadConfig({ ...production, ...both }).production).toBe(true);
  });

  it('refuses to start in production without an API key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MAINZELLISTE_API_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', MAINZELLISTE_API_KEY: 'k'.repeat(32) }).production).toBe(true);
  });

  it('reads addresses, permissions, thresholds and the timeout', () => {
    const config = loadConfig({
      MAINZELLISTE_ALLOWED_REMOTE_ADDRESSES: '10.1.0.0/16, 192.0.2.7',
      MAINZELLISTE_PERMISSIONS: 'createSession,createToken,tt_checkMatch',
      MAINZELLISTE_THRESHOLD_MATCH: '0.99',
      MAINZELLISTE_SESSION_TIMEOUT_MINUTES: '2',
    });
    expect(config.servers[0]?.allowedRemoteAddresses).toEqual(['10.1.0.0/16', '192.0.2.7']);
    expect([...(config.servers[0]?.permissions ?? [])]).toEqual(['createSession', 'createToken', 'tt_checkMatch']);
    expect(config.thresholdMatch).toBe(0.99);
    expect(config.sessionTimeoutMs).toBe(120_000);
    expect(() => loadConfig({ MAINZELLISTE_PERMISSIONS: 'everything' })).toThrow(/unknown/);
    expect(() => loadConfig({ MAINZELLISTE_THRESHOLD_NON_MATCH: '0.97' })).toThrow(/THRESHOLD/);
  });
});
