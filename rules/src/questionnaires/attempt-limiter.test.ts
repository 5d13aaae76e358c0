import { describe, expect, it } from 'vitest';
import { createAttemptLimiter, retryAfterOf } from './attempt-limiter.js';

describe('attempt limiter', () => {
  it('refuses a key after the maximum of failures until the oldest leaves the window', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const limiter = createAttemptLimiter({ maxFailures: 3, windowMs: 60_000, clock: () => new Date(now) });
    await limiter.recordFailure('a');
    now += 10_000;
    await limiter.recordFailure('a');
    await limiter.recordFailure('a');
    expect(await limiter.retryAfter('a')).toBe(50_000);
    expect(await limiter.retryAfter('b')).toBe(0);
    now += 49_999;
    expect(await limiter.retryAfter('a')).toBe(1);
    now += 1;
    expect(await limiter.retryAfter('a')).toBe(0);
    await limiter.recordFailure('a');
    expect(await limiter.retryAfter('a')).toBe(10_000);
  });

  it('counts only the failures inside the window, in any order', () => {
    const policy = { maxFailures: 2, windowMs: 1_000 };
    expect(retryAfterOf([900, 100, 20], policy, 1_050)).toBe(50);
    expect(retryAfterOf([0, 5_000], policy, 5_500)).toBe(0);
    expect(retryAfterOf([], policy, 0)).toBe(0);
  });
});
