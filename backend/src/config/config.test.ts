import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, resolveJwtSecret } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.refreshFamilyTtlSeconds).toBe(8 * 3600);
    expect(config.signIn).toEqual({ delayAfterFailures: 3, delayStepMs: 1000, lockAfterFailures: 5, lockDurationMs: 900_000 });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.seedDemoUsers).toBe(true);
  });

  it('refuses to serve in production as the login it migrates with', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), EVENTS_API_KEY: 'k'.repeat(32) };
    expect(() => loadConfig({ ...production, DATABASE_URL: 'postgres://ecrf@db/ecrf' })).toThrow(/MIGRATION_DATABASE_URL must be set/);
    expect(
      loadConfig({ ...production, DATABASE_URL: 'postgres://ecrf_service@db/ecrf', MIGRATION_DATABASE_URL: 'postgres://ecrf@db/ecrf' })
        .production,
    ).toBe(true);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('reads the event stream key, with the development default outside production only', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).eventsApiKey).toBe('dev-events-key');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), EVENTS_API_KEY: 'k'.repeat(24) }).eventsApiKey).toBe('k'.repeat(24));
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/EVENTS_API_KEY/);
  });

  it('generates the secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecrf-config-'));
    const first = resolveJwtSecret({ DATA_DIR: dir });
    const second = resolveJwtSecret({ DATA_DIR: dir });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThan(40);
  });
});
