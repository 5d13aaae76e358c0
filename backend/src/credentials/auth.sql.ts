/** The queries of sign-in and of refresh tokens (stored only as sha256 hashes; a family is one sign-in). */
import type { Kysely } from 'kysely';
import { forgetOpenSessions } from './sessions.js';
import type { DB } from '../__generated__/database.js';

/** The account signing in under a user name (case-insensitive), with its role and sign-in failure state. */
export async function findSignInUser(db: Kysely<DB>, userName: string) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.user_name',
      'u.password_hash',
      'u.is_deactivated',
      'u.is_deleted',
      'u.failed_sign_in_count',
      'u.locked_until',
      'r.identifier as role',
    ])
    .where((eb) => eb(eb.fn('lower', ['u.user_name']), '=', userName.toLowerCase()))
    .executeTakeFirst();
}

/** Counts one more failed sign-in (or the first of a fresh count), lifts an expired lock, and answers the count. */
export async function countFailedSignIn(db: Kysely<DB>, userId: string, freshCount: boolean): Promise<number> {
  const updated = await db
    .updateTable('app_user')
    .set((eb) => ({
      failed_sign_in_count: freshCount ? 1 : eb('failed_sign_in_count', '+', 1),
      locked_until: null,
    }))
    .where('id', '=', userId)
    .returning('failed_sign_in_count')
    .executeTakeFirstOrThrow();
  return updated.failed_sign_in_count;
}

export async function insertRefreshToken(
  db: Kysely<DB>,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_token')
    .values({ user_id: token.userId, family_id: token.familyId, token_hash: token.tokenHash, expires_at: token.expiresAt })
    .execute();
}

/** The refresh token with this hash, with the state of its account and the account's role. */
export async function findRefreshToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('refresh_token as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .innerJoin('role as r', 'r.id', 'u.role_id')
    .select([
      't.id',
      't.family_id',
      't.expires_at',
      't.used_at',
      't.revoked_at',
      'u.id as user_id',
      'u.user_name',
      'u.is_deactivated',
      'u.is_deleted',
      'r.identifier as role',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks a refresh token used if it still is unused; false when it was used already. Two concurrent
 * presentations of one token cannot both claim it, so the second counts as reuse.
 */
export async function claimRefreshToken(db: Kysely<DB>, id: string): Promise<boolean> {
  const claimed = await db
    .updateTable('refresh_token')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Revokes the unrevoked refresh tokens of a family or of a user; answers how many. */
export async function revokeRefreshTokens(db: Kysely<DB>, column: 'family_id' | 'user_id', value: string): Promise<number> {
  const result = await db
    .updateTable('refresh_token')
    .set({ revoked_at: new Date() })
    .where(column, '=', value)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  forgetOpenSessions();
  return Number(result.numUpdatedRows);
}
