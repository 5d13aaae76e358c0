import { describe, expect, it } from 'vitest';
import { generatePid, isValidPid, PID_ALPHABET, pidFromValues } from './pid.js';

describe('pid generator (mainzelliste-api.md §1 ID generators)', () => {
  it('makes 8 symbols of the alphabet that pass the check', () => {
    for (let i = 0; i < 200; i += 1) {
      const pid = generatePid();
      expect(pid).toMatch(/^[0-9ACDEFGHJKLMNPQRTUVWXYZ]{8}$/);
      expect(isValidPid(pid)).toBe(true);
    }
  });

  it('is deterministic for given values', () => {
    expect(pidFromValues([0, 0, 0, 0, 0, 1])).toBe('00000116');
    expect(() => pidFromValues([0, 0, 0, 0, 0, 32])).toThrow();
  });

  it('detects every single wrong symbol and every swap of neighbours', () => {
    const pid = pidFromValues([3, 17, 25, 8, 31, 12]);
    for (let at = 0; at < pid.length; at += 1) {
      for (const symbol of PID_ALPHABET) {
        if (symbol === pid[at]) continue;
        expect(isValidPid(pid.slice(0, at) + symbol + pid.slice(at + 1))).toBe(false);
      }
      if (at < pid.length - 1 && pid[at] !== pid[at + 1]) {
        expect(isValidPid(pid.slice(0, at) + pid[at + 1] + pid[at] + pid.slice(at + 2))).toBe(false);
      }
    }
  });
});
