import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirFrom, logLevelFrom } from './service-environment.js';

describe('logLevelFrom', () => {
  it('is warn without LOG_LEVEL, so `npm start` shows no request lines', () => {
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

describe('dataDirFrom', () => {
  it('is ./data unless DATA_DIR names another directory', () => {
    expect(dataDirFrom({})).toBe(resolve('./data'));
    expect(dataDirFrom({ DATA_DIR: '/srv/ecrf' })).toBe('/srv/ecrf');
  });
});
