/**
 * Throttling of sign-in and password recovery per address and per account (issue 15 item 6, issue 31 item 3; BSI
 * IT-Grundschutz ORP.4.A8; docs/security.md "Sign-in throttling" has the threat model). The attempts are kept in
 * PostgreSQL, so every replica counts the same (issue 16 item 4). The address is the client's (X-Forwarded-For from
 * a trusted proxy, config.trustProxy).
 *
 * Sign-in: an account past its limit is refused with 429 from every address. An address past its limit does not
 * close the site behind it (a clinic's staff share one NAT address): every failure from it answers 429, and an
 * account that failed a few times within the window is refused there even with the right password, but the right
 * password of an account not under attack still signs in. Recovery answers alike whether throttled or not
 * (password.routes.ts).
 */
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError } from '../errors/errors.js';
import type { ThrottleLimits, ThrottlingPolicy } from '../config/throttling-policy.js';
import { createStoredAttemptLimiter } from './stored-attempt-limiter.js';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Zu viele Versuche. Bitte versuchen Sie es später erneut.';

/** 429 with `Retry-After` in seconds. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number): EcrfError {
  void reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
  return new EcrfError('ECRF_ERR_TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS_MESSAGE);
}

export type Throttle = {
  /** Milliseconds until the address may try again; 0 when it may now. */
  addressWait(address: string): Promise<number>;
  /** Milliseconds until the account may be tried again; 0 when it may now. */
  accountWait(account: string): Promise<number>;
  /** Throws 429 with `Retry-After` (seconds) while the address or the account is past its limit. */
  refuseIfThrottled(reply: FastifyReply, address: string, account: string): Promise<void>;
  /** Counts an attempt against both. */
  count(address: string, account: string): Promise<void>;
};

/** `scope` names the throttle (with the configured namespace: replicas of one registry share it). */
export function createThrottle(db: Kysely<DB>, scope: string, limits: ThrottleLimits, clock: () => Date): Throttle {
  const byAddress = createStoredAttemptLimiter(db, `${scope}:address`, limits.perAddress, clock);
  const byAccount = createStoredAttemptLimiter(db, `${scope}:account`, limits.perAccount, clock);
  const addressWait = (address: string) => byAddress.retryAfter(address);
  const accountWait = (account: string) => byAccount.retryAfter(account.toLowerCase());
  return {
    addressWait,
    accountWait,
    async refuseIfThrottled(reply, address, account) {
      const waitMs = Math.max(...(await Promise.all([addressWait(address), accountWait(account)])));
      if (waitMs > 0) throw tooManyAttempts(reply, waitMs);
    },
    async count(address, account) {
      await Promise.all([byAddress.recordFailure(address), byAccount.recordFailure(account.toLowerCase())]);
    },
  };
}

export type SignInThrottle = Pick<Throttle, 'count'> & {
  /**
   * Throws 429 when the account is past its limit, or when the address is and the account failed a few times; else
   * answers how long the address is past its limit (0: not), during which every failure answers 429.
   */
  admit(reply: FastifyReply, address: string, account: string): Promise<{ addressWaitMs: number }>;
};

export function createSignInThrottle(db: Kysely<DB>, scope: string, limits: ThrottlingPolicy['signIn'], clock: () => Date): SignInThrottle {
  const throttle = createThrottle(db, scope, limits, clock);
  // The account's counted failures again, against the lower limit that holds behind a throttled address.
  const pastAddressLimit = createStoredAttemptLimiter(db, `${scope}:account`, limits.perAccountPastAddressLimit, clock);
  return {
    count: throttle.count,
    async admit(reply, address, account) {
      const [addressWaitMs, accountWaitMs] = await Promise.all([throttle.addressWait(address), throttle.accountWait(account)]);
      if (accountWaitMs > 0) throw tooManyAttempts(reply, accountWaitMs);
      if (addressWaitMs > 0) {
        const underAttackMs = await pastAddressLimit.retryAfter(account.toLowerCase());
        if (underAttackMs > 0) throw tooManyAttempts(reply, Math.max(addressWaitMs, underAttackMs));
      }
      return { addressWaitMs };
    },
  };
}
