/**
 * The throttling policy of sign-in and password recovery (issue 15 item 6, issue 31 item 3; the limits are settings,
 * the mechanism is auth/throttling.ts; docs/security.md "Sign-in throttling").
 */
import type { AttemptPolicy } from '@ecrf/rules';

export type Limit = AttemptPolicy;
export type ThrottleLimits = { perAddress: Limit; perAccount: Limit };
export type ThrottlingPolicy = {
  signIn: ThrottleLimits & {
    /** From an address past its limit: the failures of an account (from anywhere) after which it is refused there. */
    perAccountPastAddressLimit: Limit;
  };
  recovery: ThrottleLimits;
};

const QUARTER_HOUR = 15 * 60_000;

export const defaultThrottlingPolicy: ThrottlingPolicy = {
  signIn: {
    perAddress: { maxFailures: 100, windowMs: QUARTER_HOUR },
    perAccount: { maxFailures: 10, windowMs: QUARTER_HOUR },
    perAccountPastAddressLimit: { maxFailures: 3, windowMs: QUARTER_HOUR },
  },
  recovery: { perAddress: { maxFailures: 30, windowMs: QUARTER_HOUR }, perAccount: { maxFailures: 3, windowMs: QUARTER_HOUR } },
};
