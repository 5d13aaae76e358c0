/**
 * Throttling by failed attempts (docs/decisions.md "Questionnaire accesses", issue 15 item 6): a key (an address,
 * an account) that failed too often within the window is refused until its oldest counted failure leaves the
 * window. `retryAfterOf` is the rule; where the failures are kept is the caller's: the in-process limiter below
 * serves a single process, the services keep theirs where every replica sees them (the backend in PostgreSQL,
 * the gateway in Redis).
 */
export type AttemptPolicy = { maxFailures: number; windowMs: number };

export type AttemptLimiter = {
  /** Milliseconds until the key may try again; 0 when it may now. */
  retryAfter(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
};

/** Milliseconds until a key with these failures (epoch ms, any order) may try again at `now`. */
export function retryAfterOf(failures: readonly number[], policy: AttemptPolicy, now: number): number {
  const recent = failures.filter((at) => now - at < policy.windowMs).sort((a, b) => a - b);
  if (recent.length < policy.maxFailures) return 0;
  const oldestCounted = recent[recent.length - policy.maxFailures] ?? now;
  return policy.windowMs - (now - oldestCounted);
}

/** Beyond this many keys the oldest are forgotten, so memory stays bounded under a spread-out flood. */
const MAX_KEYS = 10_000;

/** Failures kept in this process: for a single process, and in tests. */
export function createAttemptLimiter(options: AttemptPolicy & { clock: () => Date }): AttemptLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number): number[] => (failures.get(key) ?? []).filter((at) => now - at < options.windowMs);
  return {
    retryAfter(key) {
      return Promise.resolve(retryAfterOf(recent(key, options.clock().getTime()), options, options.clock().getTime()));
    },
    recordFailure(key) {
      const now = options.clock().getTime();
      const kept = recent(key, now);
      failures.delete(key);
      failures.set(key, [...kept, now].slice(-options.maxFailures));
      if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value ?? key);
      return Promise.resolve();
    },
  };
}
