/**
 * Throttling of the public questionnaire calls (docs/decisions.md "Questionnaire accesses"): an address that
 * presented too many unknown, used or expired codes within the window is refused until its oldest failure
 * leaves the window, whatever code it presents then. Guessing a 100-bit code is hopeless anyway; the limit
 * keeps floods off the database. The state lives in the caller's process: the backend limits per calling
 * address, the gateway per client address in front of it (so one client cannot exhaust the backend's limit).
 */
export type AttemptLimiter = {
  /** Milliseconds until the address may try again; 0 when it may now. */
  retryAfter(address: string): number;
  recordFailure(address: string): void;
};

/** Beyond this many addresses the oldest are forgotten, so memory stays bounded under a spread-out flood. */
const MAX_ADDRESSES = 10_000;

export function createAttemptLimiter(options: { maxFailures: number; windowMs: number; clock: () => Date }): AttemptLimiter {
  const failures = new Map<string, number[]>();
  const recent = (address: string, now: number): number[] => {
    const kept = (failures.get(address) ?? []).filter((at) => now - at < options.windowMs);
    if (kept.length === 0) failures.delete(address);
    else failures.set(address, kept);
    return kept;
  };
  return {
    retryAfter(address) {
      const now = options.clock().getTime();
      const kept = recent(address, now);
      if (kept.length < options.maxFailures) return 0;
      return options.windowMs - (now - (kept[kept.length - options.maxFailures] ?? now));
    },
    recordFailure(address) {
      const now = options.clock().getTime();
      const kept = recent(address, now);
      failures.delete(address);
      failures.set(address, [...kept, now].slice(-options.maxFailures));
      if (failures.size > MAX_ADDRESSES) failures.delete(failures.keys().next().value ?? address);
    },
  };
}
