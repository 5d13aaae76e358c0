/**
 * Sign-in, token refresh and sign-out (ecrf-core.md §4 and §7, ecrf-calls.md §4 and §7 Authentication).
 * Throttling: after 3 consecutive failures every answer is delayed (1 × step, 2 × step, …); after 5 the
 * account is locked for 15 minutes and answers 423 even for the right password (docs/backend.md).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { BackendConfig } from '../config/config.js';
import type { DB } from '../__generated__/database.js';
import { EcrfError } from '../errors/errors.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { updateUserRow } from '../users/users.sql.js';
import { countFailedSignIn, findSignInUser, insertRefreshToken } from '../credentials/auth.sql.js';
import { burnVerification, verifyPassword } from '../credentials/password-hash.js';
import { randomSecret, sha256, signAccessToken } from '../credentials/tokens.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

export type TokenPair = { token: string; refreshToken: string; expiresAt: string; userId: string };

export type AuthDeps = { db: Kysely<DB>; config: BackendConfig };

const invalidCredentials = (): EcrfError => new EcrfError('ECRF_ERR_INVALID_CREDENTIALS', 'Benutzername oder Passwort ist falsch');
const locked = (until: Date): EcrfError =>
  new EcrfError('ECRF_ERR_ACCOUNT_LOCKED', ACCESS_MESSAGES.accountLocked, {
    lockedUntil: until.toISOString(),
  });

export async function issueTokens(
  deps: AuthDeps,
  trx: Kysely<DB>,
  user: { id: string; role: string },
  family: { id: string; expiresAt: Date },
): Promise<TokenPair> {
  const refreshToken = randomSecret();
  await insertRefreshToken(trx, { userId: user.id, familyId: family.id, tokenHash: sha256(refreshToken), expiresAt: family.expiresAt });
  const access = await signAccessToken(
    { userId: user.id, role: user.role, sessionId: family.id },
    deps.config.jwtSecret,
    deps.config.accessTokenTtlSeconds,
  );
  return { token: access.token, refreshToken, expiresAt: access.expiresAt.toISOString(), userId: user.id };
}

export async function signIn(deps: AuthDeps, userName: string, password: string): Promise<TokenPair> {
  const { db, config } = deps;
  const user = await findSignInUser(db, userName);

  if (!user) {
    await burnVerification(password);
    await db.transaction().execute((trx) =>
      audit(trx, {
        actor: { userId: null, userName },
        tableName: 'app_user',
        recordId: null,
        operation: 'Update',
        event: 'SignInFailed',
        newValue: { reason: 'unknown user name' },
      }),
    );
    throw invalidCredentials();
  }
  const actor: AuditActor = { userId: user.id, userName: user.user_name };
  const now = new Date();
  let failures = user.failed_sign_in_count;

  if (user.locked_until && user.locked_until > now) {
    await db
      .transaction()
      .execute((trx) => audit(trx, { actor, tableName: 'app_user', recordId: user.id, operation: 'Update', event: 'SignInRefusedLocked' }));
    throw locked(user.locked_until);
  }
  // An expired lock starts a fresh count, otherwise the next single mistake would lock again.
  if (user.locked_until) failures = 0;

  if (failures >= config.signIn.delayAfterFailures) {
    await sleep(config.signIn.delayStepMs * (failures - config.signIn.delayAfterFailures + 1));
  }

  const valid = await verifyPassword(user.password_hash, password);
  if (!valid) {
    // Committed before answering: the counter, the lock and their audit rows must persist.
    const lockedUntil = await db.transaction().execute(async (trx) => {
      const count = await countFailedSignIn(trx, user.id, user.locked_until !== null);
      await audit(trx, {
        actor,
        tableName: 'app_user',
        recordId: user.id,
        operation: 'Update',
        event: 'SignInFailed',
        newValue: { failedSignInCount: count },
      });
      if (count < config.signIn.lockAfterFailures) return null;
      const until = new Date(Date.now() + config.signIn.lockDurationMs);
      await updateUserRow(trx, user.id, { locked_until: until });
      await audit(trx, {
        actor,
        tableName: 'app_user',
        recordId: user.id,
        operation: 'Update',
        event: 'AccountLocked',
        newValue: { failedSignInCount: count, lockedUntil: until.toISOString() },
      });
      return until;
    });
    throw lockedUntil ? locked(lockedUntil) : invalidCredentials();
  }

  if (user.is_deactivated || user.is_deleted) {
    await db
      .transaction()
      .execute((trx) =>
        audit(trx, { actor, tableName: 'app_user', recordId: user.id, operation: 'Update', event: 'SignInRefusedDeactivated' }),
      );
    throw new EcrfError('ECRF_ERR_ACCOUNT_DEACTIVATED', ACCESS_MESSAGES.accountDeactivated);
  }

  return db.transaction().execute(async (trx) => {
    await updateUserRow(trx, user.id, { failed_sign_in_count: 0, locked_until: null });
    const family = { id: randomUUID(), expiresAt: new Date(Date.now() + config.refreshFamilyTtlSeconds * 1000) };
    const pair = await issueTokens(deps, trx, { id: user.id, role: user.role }, family);
    await audit(trx, {
      actor,
      tableName: 'app_user',
      recordId: user.id,
      operation: 'Update',
      event: 'SignInSucceeded',
      newValue: { refreshFamilyId: family.id },
    });
    return pair;
  });
}
