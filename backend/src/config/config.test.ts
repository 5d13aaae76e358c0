import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, logLevelFrom, resolveJwtSecret } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32) });
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.refreshFamilyTtlSeconds).toBe(8 * 3600);
    expect(config.signIn).toEqual({ delayAfterFailures: 3, delayStepMs: 1000, lockAfterFailures: 5, lockDurationMs: 900_000 });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.seedDemoUsers).toBe(true);
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

describe('logLevelFrom', () => {
  it('is warn without LOG_LEVEL, so `npm start` shows no request lines (issue 18)', () => {
    expect(logLevelFrom({})).toBe('warn');
    expect(logLevelFrom({ LOG_LEVEL: '' })).toBe('warn');
  });

  it('follows LOG_LEVEL and refuses a level pino does not know', () => {
    expect(logLevelFrom({ LOG_LEVEL: 'info' })).toBe('info');
    expect(logLevelFrom({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(() => logLevelFrom({ LOG_LEVEL: 'verbose' })).toThrow(
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'",
    );
  });
});
