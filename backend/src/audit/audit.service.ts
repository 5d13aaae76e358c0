/**
 * The audit trail writer (ARCHITECTURE.md "Every write is audited in the same transaction: who, when,
 * what, old and new value, reason for change"). Callers pass their transaction so the change and its
 * audit row commit or roll back together. Secrets never reach the trail: values are redacted by key.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { JsonObject } from '../db/json-columns.js';
import { insertAuditEntry, type AuditOperation } from './audit.sql.js';

/** `job`: the oBDS import whose job credential made the write (obds-import/obds-job-credential.ts), kept as its reason. */
export type AuditActor = { userId: string | null; userName: string; job?: string };

/**
 * The actor of a signed-in caller's write: the one place a caller becomes an audit actor. A write made with an
 * import's job credential is the uploader's, with the import named.
 */
export const actorOf = (caller: { id: string; userName: string; credential?: { importId?: string } }): AuditActor => ({
  userId: caller.id,
  userName: caller.userName,
  ...(caller.credential?.importId ? { job: `oBDS-Import ${caller.credential.importId}` } : {}),
});

/** Seeding and other work without a signed-in user. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, userName: 'system' };

/** Security events recorded with operation 'Update' on app_user (docs/backend.md "Audit"). */
export type SecurityEvent =
  | 'SignInSucceeded'
  | 'SignInFailed'
  | 'SignInRefusedLocked'
  | 'SignInRefusedDeactivated'
  | 'AccountLocked'
  | 'TokenRefreshed'
  | 'RefreshTokenReuseDetected'
  | 'RefreshTokensRevoked'
  | 'PasswordChanged'
  | 'PasswordRecoveryRequested'
  | 'PasswordReset'
  | 'PasswordSynchronized'
  | 'PasswordSetByAdministrator'
  /** Documentation events on visits (issue 5). */
  | 'VisitSigned'
  | 'VisitSignatureRefused'
  /** A documentation change of a signed visit withdrew its signature (the withdrawal is kept on the visit). */
  | 'VisitSignatureWithdrawn'
  /** Identity accesses through the pseudonymisation service (issue 6); rows name pseudonyms, never IDAT. */
  | 'IdentityTokenIssued'
  | 'IdentityMatchChecked'
  | 'IdentityLinked'
  | 'IdentityPatientsListed'
  | 'IdentitiesSynchronized'
  /** The clerical review list of possible matches (issue 17): listed pseudonyms, and each decision with its reason. */
  | 'PossibleMatchesListed'
  | 'PossibleMatchDecided'
  /** A "same person" decision joined the tentative patient's study patients to the candidate's (both pseudonyms, reason). */
  | 'StudyPatientsMerged'
  /** A user marked the news read (news documents, issue 13): which versions of which items. */
  | 'NewsRead';

export type AuditEntry = {
  actor: AuditActor;
  tableName: string;
  recordId: string | null;
  operation: AuditOperation;
  event?: SecurityEvent;
  oldValue?: JsonObject | null;
  newValue?: JsonObject | null;
  reason?: string | null;
};

/** Keys whose values are secrets or verifiers of secrets. */
const SECRET_KEY = /password|hash|token|challenge|secret/i;
export const REDACTED = '[redacted]';

/** A deep copy with every secret-looking key's value replaced, so no hash or token is ever stored. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(inner)]));
  }
  return value;
}

function jsonOrNull(value: JsonObject | null | undefined): string | null {
  return value === undefined || value === null ? null : JSON.stringify(redact(value));
}

export async function audit(trx: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(trx, {
    user_id: entry.actor.userId,
    user_name: entry.actor.userName,
    table_name: entry.tableName,
    record_id: entry.recordId,
    operation: entry.operation,
    event: entry.event ?? null,
    old_value: jsonOrNull(entry.oldValue),
    new_value: jsonOrNull(entry.newValue),
    reason: [entry.reason, entry.actor.job].filter(Boolean).join('; ') || null,
  });
}
