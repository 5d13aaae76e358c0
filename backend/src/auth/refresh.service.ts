/**
 * Refresh token rotation with reuse detection (ARCHITECTURE.md "rotating refresh tokens stored hashed,
 * reuse revokes the family"). Every failure answers 401 'refresh token expired' (ecrf-core.md §8), so a
 * client cannot tell an unknown token from a revoked one.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { refreshTokenExpired } from '../errors/errors.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { issueTokens, type AuthDeps, type TokenPair } from './auth.service.js';
import { sha256 } from './tokens.js';

export async function refreshSignIn(deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const { db } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<TokenPair | null> => {
    const row = await trx
      .selectFrom('refresh_token as t')
      .innerJoin('app_user as u', 'u.id', 't.user_id')
      .innerJoin('role as r', 'r.id', 'u.role_id')
      .select(['t.id', 't.family_id', 't.expires_at', 't.used_at', 't.revoked_at', 'u.id as user_id', 'u.user_name', 'u.is_deactivated', 'u.is_deleted', 'r.identifier as role'])
      .where('t.token_hash', '=', sha256(refreshToken))
      .executeTakeFirst();
    if (!row || row.revoked_at) return null;
    const actor: AuditActor = { userId: row.user_id, userName: row.user_name };
    // Marking used only if still unused makes two concurrent presentations of one token count as reuse.
    const claimed = row.used_at
      ? undefined
      : await trx.updateTable('refresh_token').set({ used_at: new Date() }).where('id', '=', row.id).where('used_at', 'is', null).returning('id').executeTakeFirst();
    if (!claimed) {
      await revokeWhere(trx, 'family_id', row.family_id);
      await audit(trx, { actor, tableName: 'refresh_token', recordId: row.family_id, operation: 'Update', event: 'RefreshTokenReuseDetected', newValue: { refreshFamilyId: row.family_id } });
      return null;
    }
    if (row.expires_at <= new Date() || row.is_deactivated || row.is_deleted) return null;
    const pair = await issueTokens(deps, trx, { id: row.user_id, role: row.role }, { id: row.family_id, expiresAt: row.expires_at });
    await audit(trx, { actor, tableName: 'refresh_token', recordId: row.family_id, operation: 'Update', event: 'TokenRefreshed' });
    return pair;
  });
  if (!outcome) throw refreshTokenExpired();
  return outcome;
}

async function revokeWhere(trx: Kysely<DB>, column: 'family_id' | 'user_id', value: string): Promise<number> {
  const result = await trx
    .updateTable('refresh_token')
    .set({ revoked_at: new Date() })
    .where(column, '=', value)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every refresh token of a user (sign-out everywhere, password reset), audited. */
export async function revokeAllRefreshTokens(trx: Kysely<DB>, actor: AuditActor, userId: string, reason: string): Promise<void> {
  const revoked = await revokeWhere(trx, 'user_id', userId);
  await audit(trx, { actor, tableName: 'app_user', recordId: userId, operation: 'Update', event: 'RefreshTokensRevoked', newValue: { revokedRefreshTokens: revoked }, reason });
}
