/**
 * The gateway's attempt limiter (the public questionnaire calls, issue 15 item 6), shared by every gateway
 * replica through Redis when REDIS_URL is set (issue 16 item 4); in the process otherwise. Each key is a sorted
 * set of its failures' times under `<REDIS_KEY_PREFIX>:throttle:<scope>:<sha256 of the key>`, trimmed to the
 * window and expiring with it. The rule is the shared one (`retryAfterOf`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createAttemptLimiter, retryAfterOf, type AttemptLimiter, type AttemptPolicy } from '@ecrf/rules';
import { Redis } from 'ioredis';
import type { GatewayConfig } from '../config/gateway-config.js';

export type SharedAttemptLimiter = AttemptLimiter & { close(): Promise<void> };

export function createSharedAttemptLimiter(
  config: Pick<GatewayConfig, 'redisUrl' | 'redisKeyPrefix'>,
  scope: string,
  policy: AttemptPolicy,
  clock: () => Date = () => new Date(),
): SharedAttemptLimiter {
  if (!config.redisUrl) return { ...createAttemptLimiter({ ...policy, clock }), close: () => Promise.resolve() };
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', (error: Error) => console.warn(`[gateway] redis (throttle): ${error.message}`));
  const keyOf = (key: string) => `${config.redisKeyPrefix}:throttle:${scope}:${createHash('sha256').update(key).digest('hex')}`;
  return {
    async retryAfter(key) {
      const now = clock().getTime();
      const members = await redis.zrangebyscore(keyOf(key), now - policy.windowMs + 1, '+inf');
      return retryAfterOf(
        members.map((member) => Number(member.split(':', 1)[0])),
        policy,
        now,
      );
    },
    async recordFailure(key) {
      const now = clock().getTime();
      const redisKey = keyOf(key);
      // The member is unique, so failures in the same millisecond all count; the score is the time.
      await redis
        .multi()
        .zadd(redisKey, now, `${now}:${randomUUID()}`)
        .zremrangebyscore(redisKey, '-inf', now - policy.windowMs)
        .pexpire(redisKey, policy.windowMs)
        .exec();
    },
    close: () =>
      redis.quit().then(
        () => undefined,
        () => undefined,
      ),
  };
}
