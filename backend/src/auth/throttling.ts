/**
 * Throttling of sign-in and password recovery per address and per account (issue 15 item 6; BSI IT-Grundschutz
 * ORP.4.A8): an address or account past its limit within the window is refused with 429 and `Retry-After` until
 * its oldest counted attempt leaves the window. Sign-ins count their failures (the account lock of auth.service
 * stays the first line for known accounts; this also covers unknown names and spraying from one address);
 * recovery requests count every request, since their answer is the same whether or not the address is known.
 * The attempts are kept in PostgreSQL, so every replica counts the same (issue 16 item 4). The address is the client's
 * (X-Forwarded-For from a trusted proxy, config.trustProxy); its limits are wide because a clinic's staff often
 * share one address.
 */
import type { AttemptPolicy } from '@ecrf/rules';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError } from '../errors/errors.js';
import { createStoredAttemptLimiter } from './stored-attempt-limiter.js';

export type Limit = AttemptPolicy;
export type ThrottlingPolicy = { signIn: { perAddress: Limit; perAccount: Limit }; recovery: { perAddress: Limit; perAccount: Limit } };

const QUARTER_HOUR = 15 * 60_000;

export const defaultThrottlingPolicy: ThrottlingPolicy = {
  signIn: { perAddress: { maxFailures: 100, windowMs: QUARTER_HOUR }, perAccount: { maxFailures: 10, windowMs: QUARTER_HOUR } },
  recovery: { perAddress: { maxFailures: 30, windowMs: QUARTER_HOUR }, perAccount: { maxFailures: 3, windowMs: QUARTER_HOUR } },
};

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Zu viele Versuche. Bitte versuchen Sie es später erneut.';

export type Throttle = {
  /** Throws 429 with `Retry-After` (seconds) while the address or the account is past its limit. */
  refuseIfThrottled(reply: FastifyReply, address: string, account: string): Promise<void>;
  /** Counts an attempt against both. */
  count(address: string, account: string): Promise<void>;
};

/** `scope` names the throttle (with the configured namespace: replicas of one registry share it). */
export function createThrottle(
  db: Kysely<DB>,
  scope: string,
  limits: { perAddress: Limit; perAccount: Limit },
  clock: () => Date,
): Throttle {
  const byAddress = createStoredAttemptLimiter(db, `${scope}:address`, limits.perAddress, clock);
  const byAccount = createStoredAttemptLimiter(db, `${scope}:account`, limits.perAccount, clock);
  return {
    async refuseIfThrottled(reply, address, account) {
      const [forAddress, forAccount] = await Promise.all([byAddress.retryAfter(address), byAccount.retryAfter(account.toLowerCase())]);
      const wait = Math.max(forAddress, forAccount);
      if (wait <= 0) return;
      void reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw new EcrfError('ECRF_ERR_TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS_MESSAGE);
    },
    async count(address, account) {
      await Promise.all([byAddress.recordFailure(address), byAccount.recordFailure(account.toLowerCase())]);
    },
  };
}
