import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';

describe('attempt limiter', () => {
  it('refuses an address after the maximum of failures until the oldest leaves the window', () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const limiter = createAttemptLimiter({ maxFailures: 3, windowMs: 60_000, clock: () => new Date(now) });
    limiter.recordFailure('a');
    now += 10_000;
    limiter.recordFailure('a');
    limiter.recordFailure('a');
    expect(limiter.retryAfter('a')).toBe(50_000);
    expect(limiter.retryAfter('b')).toBe(0);
    now += 49_999;
    expect(limiter.retryAfter('a')).toBe(1);
    now += 1;
    expect(limiter.retryAfter('a')).toBe(0);
    limiter.recordFailure('a');
    expect(limiter.retryAfter('a')).toBe(10_000);
  });
});
