/** Two gateway replicas on one Redis count a client's invalid access codes together (issue 16 item 4). */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedAttemptLimiter } from './shared-attempt-limiter.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const config = { redisUrl, redisKeyPrefix: `ecrf:test:${randomUUID()}` };
const policy = { maxFailures: 3, windowMs: 60_000 };
let now = Date.parse('2026-11-27T10:00:00Z');
const clock = () => new Date(now);
const replicaA = createSharedAttemptLimiter(config, 'questionnaire-access', policy, clock);
const replicaB = createSharedAttemptLimiter(config, 'questionnaire-access', policy, clock);
afterAll(() => Promise.all([replicaA.close(), replicaB.close()]));

describe('shared attempt limiter', () => {
  it('refuses a client at one replica after failures at both, until the oldest leaves the window', async () => {
    await replicaA.recordFailure('203.0.113.7');
    now += 1_000;
    await replicaB.recordFailure('203.0.113.7');
    expect(await replicaA.retryAfter('203.0.113.7')).toBe(0);
    await replicaA.recordFailure('203.0.113.7');
    expect(await replicaB.retryAfter('203.0.113.7')).toBe(59_000);
    expect(await replicaB.retryAfter('203.0.113.8')).toBe(0);
    now += 59_000;
    expect(await replicaA.retryAfter('203.0.113.7')).toBe(0);
  });

  it('keeps each scope apart', async () => {
    const other = createSharedAttemptLimiter(config, 'another-scope', policy, clock);
    for (let i = 0; i < 3; i++) await replicaA.recordFailure('203.0.113.9');
    expect(await replicaA.retryAfter('203.0.113.9')).toBeGreaterThan(0);
    expect(await other.retryAfter('203.0.113.9')).toBe(0);
    await other.close();
  });
});
