/**
 * Own password change (ecrf-core.md §5, §7 PUT User/Password), password recovery and reset (core §7,
 * calls §7 User password) and the eCRF password sync of the network master data directory (calls §7
 * nms_system_api). Strength rules come from @ecrf/rules so client and server enforce the same text.
 */
import { passwordMessages } from '@ecrf/rules';
import { passwordProblems } from '../users/user-validation.js';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { DB } from '../__generated__/database.js';
import { EcrfError, forbidden, notFound } from '../errors/errors.js';
import { audit, type AuditActor } from '../audit/audit.service.js';
import { burnVerification, hashPassword, verifyPassword } from '../credentials/password-hash.js';
import { revokeAllRefreshTokens } from './refresh.service.js';
import { randomSecret, sha256 } from '../credentials/tokens.js';
import {
  claimRecoveryChallenge,
  findPasswordState,
  findRecoveryUser,
  replaceRecoveryChallenge,
  updateUserRow,
} from '../users/users.sql.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

function assertStrong(password: string): void {
  const messages = passwordProblems(password, 'account');
  if (messages.length > 0) {
    throw new EcrfError('ECRF_ERR_WEAK_PASSWORD', messages.join(' '), { messages });
  }
}

async function passwordHashOf(db: Kysely<DB>, userId: string): Promise<string | undefined> {
  return (await findPasswordState(db, userId))?.password_hash;
}

export async function changeOwnPassword(
  { db }: AppDeps,
  caller: AuditActor & { userId: string },
  input: { id: string; oldPasswordString: string; newPasswordString: string },
): Promise<void> {
  // Only for oneself, whatever rights the caller holds: administrators use User/{userId}/password.
  if (input.id !== caller.userId) throw forbidden(ACCESS_MESSAGES.ownPasswordOnly);
  const hash = await passwordHashOf(db, caller.userId);
  if (!hash) throw notFound('user');
  if (!(await verifyPassword(hash, input.oldPasswordString))) {
    throw new EcrfError('ECRF_ERR_WRONG_PASSWORD', 'Bitte überprüfen Sie Ihr eingegebens Passwort.');
  }
  if (input.newPasswordString === input.oldPasswordString) {
    throw new EcrfError('ECRF_ERR_WEAK_PASSWORD', passwordMessages.mustDiffer, { messages: [passwordMessages.mustDiffer] });
  }
  assertStrong(input.newPasswordString);
  const newHash = await hashPassword(input.newPasswordString);
  await db.transaction().execute(async (trx) => {
    await updateUserRow(trx, caller.userId, { password_hash: newHash, password_changed_at: new Date() });
    await audit(trx, {
      actor: caller,
      tableName: 'app_user',
      recordId: caller.userId,
      operation: 'Update',
      event: 'PasswordChanged',
      oldValue: { passwordHash: hash },
      newValue: { passwordHash: newHash },
    });
  });
}

export function recoveryMailText(displayName: string, link: string, ttlMinutes: number): string {
  return [
    `Hallo ${displayName},`,
    '',
    'für Ihr Konto im eCRF-Register wurde das Zurücksetzen des Passworts angefordert.',
    'Über den folgenden Link können Sie ein neues Passwort vergeben:',
    '',
    link,
    '',
    `Der Link ist ${ttlMinutes} Minuten gültig und kann nur einmal verwendet werden.`,
    'Falls Sie die Anfrage nicht selbst gestellt haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    '',
    'Ihr eCRF-Register',
  ].join('\n');
}

/**
 * Always succeeds from the caller's view, so the answer does not reveal whether an address is known. The
 * challenge is generated and hashed either way; the mail is handed to `deliver`, which runs after the
 * answer, so sending time does not show either.
 */
export async function requestPasswordRecovery(
  { db, config }: AppDeps,
  emailAddress: string,
  deliver: (mail: { to: string; subject: string; text: string }) => void,
): Promise<void> {
  const challenge = randomSecret();
  const challengeHash = sha256(challenge);
  const user = await findRecoveryUser(db, emailAddress);
  if (!user?.email_address) {
    await db.transaction().execute((trx) =>
      audit(trx, {
        actor: { userId: null, userName: 'anonymous' },
        tableName: 'app_user',
        recordId: null,
        operation: 'Update',
        event: 'PasswordRecoveryRequested',
        newValue: { emailAddress, known: false },
      }),
    );
    return;
  }
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.recoveryChallengeTtlSeconds * 1000);
  await db.transaction().execute(async (trx) => {
    await replaceRecoveryChallenge(trx, { userId: user.id, challengeHash, expiresAt, now });
    await audit(trx, {
      actor: { userId: null, userName: 'anonymous' },
      tableName: 'app_user',
      recordId: user.id,
      operation: 'Update',
      event: 'PasswordRecoveryRequested',
      newValue: { emailAddress: user.email_address, known: true, expiresAt: expiresAt.toISOString() },
    });
  });
  const link = `${config.publicUrl}/passwordreset/${user.id}?challenge=${encodeURIComponent(challenge)}`;
  deliver({
    to: user.email_address,
    subject: 'eCRF-Register: Passwort zurücksetzen',
    text: recoveryMailText(user.display_name, link, Math.round(config.recoveryChallengeTtlSeconds / 60)),
  });
}

export async function resetPassword(
  { db }: AppDeps,
  input: { userId: string; challenge: string; newPasswordString: string },
): Promise<boolean> {
  assertStrong(input.newPasswordString);
  const newHash = await hashPassword(input.newPasswordString);
  return db.transaction().execute(async (trx) => {
    if (!(await claimRecoveryChallenge(trx, input.userId, sha256(input.challenge)))) return false;
    const user = await updateUserRow(trx, input.userId, {
      password_hash: newHash,
      password_changed_at: new Date(),
      failed_sign_in_count: 0,
      locked_until: null,
    });
    if (!user) throw notFound('user');
    const actor: AuditActor = { userId: user.id, userName: user.user_name };
    await audit(trx, {
      actor,
      tableName: 'app_user',
      recordId: user.id,
      operation: 'Update',
      event: 'PasswordReset',
      newValue: { passwordHash: newHash, failedSignInCount: 0, lockedUntil: null },
    });
    await revokeAllRefreshTokens(trx, actor, user.id, 'password reset');
    return true;
  });
}

/**
 * The network master data directory shares this user table, so there is no second store to copy to:
 * synchronising confirms the given password is the one in effect and records when (docs/backend.md).
 */
export async function syncEcrfUserPassword(
  { db }: AppDeps,
  caller: AuditActor,
  input: { id: string; newPasswordString: string },
): Promise<boolean> {
  const hash = await passwordHashOf(db, input.id);
  if (!hash) {
    await burnVerification(input.newPasswordString);
    return false;
  }
  if (!(await verifyPassword(hash, input.newPasswordString))) return false;
  await db.transaction().execute(async (trx) => {
    await updateUserRow(trx, input.id, { password_synced_at: new Date() });
    await audit(trx, { actor: caller, tableName: 'app_user', recordId: input.id, operation: 'Update', event: 'PasswordSynchronized' });
  });
  return true;
}
