/**
 * An attempt limiter whose failures live in PostgreSQL (table throttle_attempt), so that every backend replica
 * counts the same attempts (issue 16 item 4). The rule is the shared one (`retryAfterOf`); keys are stored as
 * sha256 only. Each failure also deletes the scope's rows that have left the window, so the table stays small.
 */
import { createHash } from 'node:crypto';
import { retryAfterOf, type AttemptLimiter, type AttemptPolicy } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

const keyHash = (key: string): Buffer => createHash('sha256').update(key).digest();

export function createStoredAttemptLimiter(db: Kysely<DB>, scope: string, policy: AttemptPolicy, clock: () => Date): AttemptLimiter {
  const windowStart = (now: Date) => new Date(now.getTime() - policy.windowMs);
  return {
    async retryAfter(key) {
      const now = clock();
      const rows = await db
        .selectFrom('throttle_attempt')
        .select('attempted_at')
        .where('scope', '=', scope)
        .where('key_hash', '=', keyHash(key))
        .where('attempted_at', '>', windowStart(now))
        .orderBy('attempted_at', 'desc')
        .limit(policy.maxFailures)
        .execute();
      return retryAfterOf(
        rows.map((row) => new Date(row.attempted_at).getTime()),
        policy,
        now.getTime(),
      );
    },
    async recordFailure(key) {
      const now = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('throttle_attempt')
          .values({ scope, key_hash: keyHash(key), attempted_at: now })
          .execute();
        await trx.deleteFrom('throttle_attempt').where('scope', '=', scope).where('attempted_at', '<=', windowStart(now)).execute();
      });
    },
  };
}
