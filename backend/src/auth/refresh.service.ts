/**
 * Refresh token rotation with reuse detection (ARCHITECTURE.md "rotating refresh tokens stored hashed,
 * reuse revokes the family"). Every failure answers 401 'refresh token expired' (ecrf-core.md §8), so a
 * client cannot tell an unknown token from a revoked one.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { refreshTokenExpired } from '../errors/errors.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { claimRefreshToken, findRefreshToken, revokeRefreshTokens } from '../credentials/auth.sql.js';
import { issueTokens, type AuthDeps, type TokenPair } from './auth.service.js';
import { sha256 } from '../credentials/tokens.js';

export async function refreshSignIn(deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const { db } = deps;
  const outcome = await db.transaction().execute(async (trx): Promise<TokenPair | null> => {
    const row = await findRefreshToken(trx, sha256(refreshToken));
    if (!row || row.revoked_at) return null;
    const actor: AuditActor = { userId: row.user_id, userName: row.user_name };
    const claimed = row.used_at === null && (await claimRefreshToken(trx, row.id));
    if (!claimed) {
      await revokeRefreshTokens(trx, 'family_id', row.family_id);
      await audit(trx, {
        actor,
        tableName: 'refresh_token',
        recordId: row.family_id,
        operation: 'Update',
        event: 'RefreshTokenReuseDetected',
        newValue: { refreshFamilyId: row.family_id },
      });
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

/** Revokes every refresh token of a user (sign-out everywhere, password reset), audited. */
export async function revokeAllRefreshTokens(trx: Kysely<DB>, actor: AuditActor, userId: string, reason: string): Promise<void> {
  const revoked = await revokeRefreshTokens(trx, 'user_id', userId);
  await audit(trx, {
    actor,
    tableName: 'app_user',
    recordId: userId,
    operation: 'Update',
    event: 'RefreshTokensRevoked',
    newValue: { revokedRefreshTokens: revoked },
    reason,
  });
}
