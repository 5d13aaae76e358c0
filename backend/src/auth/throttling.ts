/**
 * Throttling of sign-in and password recovery per address and per account (issue 15 item 6; BSI IT-Grundschutz
 * ORP.4.A8): an address or account past its limit within the window is refused with 429 and `Retry-After` until
 * its oldest counted attempt leaves the window. Sign-ins count their failures (the account lock of auth.service
 * stays the first line for known accounts; this also covers unknown names and spraying from one address);
 * recovery requests count every request, since their answer is the same whether or not the address is known.
 * The state lives in the process, like the questionnaire codes' limiter it reuses. The address is the client's
 * (X-Forwarded-For from a trusted proxy, config.trustProxy); its limits are wide because a clinic's staff often
 * share one address.
 */
import { createAttemptLimiter } from '@ecrf/rules';
import type { FastifyReply } from 'fastify';
import { EcrfError } from '../errors/errors.js';

export type Limit = { maxFailures: number; windowMs: number };
export type ThrottlingPolicy = { signIn: { perAddress: Limit; perAccount: Limit }; recovery: { perAddress: Limit; perAccount: Limit } };

const QUARTER_HOUR = 15 * 60_000;

export const defaultThrottlingPolicy: ThrottlingPolicy = {
  signIn: { perAddress: { maxFailures: 100, windowMs: QUARTER_HOUR }, perAccount: { maxFailures: 10, windowMs: QUARTER_HOUR } },
  recovery: { perAddress: { maxFailures: 30, windowMs: QUARTER_HOUR }, perAccount: { maxFailures: 3, windowMs: QUARTER_HOUR } },
};

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Zu viele Versuche. Bitte versuchen Sie es später erneut.';

export type Throttle = {
  /** Throws 429 with `Retry-After` (seconds) while the address or the account is past its limit. */
  refuseIfThrottled(reply: FastifyReply, address: string, account: string): void;
  /** Counts an attempt against both. */
  count(address: string, account: string): void;
};

export function createThrottle(limits: { perAddress: Limit; perAccount: Limit }, clock: () => Date): Throttle {
  const byAddress = createAttemptLimiter({ ...limits.perAddress, clock });
  const byAccount = createAttemptLimiter({ ...limits.perAccount, clock });
  return {
    refuseIfThrottled(reply, address, account) {
      const wait = Math.max(byAddress.retryAfter(address), byAccount.retryAfter(account.toLowerCase()));
      if (wait <= 0) return;
      void reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw new EcrfError('ECRF_ERR_TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS_MESSAGE);
    },
    count(address, account) {
      byAddress.recordFailure(address);
      byAccount.recordFailure(account.toLowerCase());
    },
  };
}
