/**
 * The oBDS import's job credential (docs/obds-import.md "The job credential"). The gateway's runner works through a
 * file longer than the uploader's 15-minute access token lives, so starting an import hands the gateway a credential
 * of its own: an access token of the uploader's session (same signature, same `sid`) that also names the import
 * (`imp`). It carries no rights of its own and is checked on every request like any access token (the session is
 * open, the account active, the route's right held now); on top of that it is refused on every route that is not a
 * step of the runner (`jobStep`), on another import's steps, and once its import has ended or lost its lease.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { BackendConfig } from '../config/config.js';
import { signAccessToken } from '../credentials/tokens.js';
import { forbidden, unauthenticated } from '../errors/errors.js';
import type { CurrentUser, JobStep } from '../http/route-access.js';
import { OBDS_IMPORT_LEASE_MS } from './obds-import-job.js';

export const OBDS_JOB_CREDENTIAL_MESSAGES = {
  outOfScope: 'Die Berechtigung des oBDS-Imports gilt nur für die Schritte dieses Imports.',
  ended: 'Der oBDS-Import ist beendet; seine Berechtigung gilt nicht mehr.',
} as const;

/**
 * The credential of the caller's new import. It lives at most as long as a sign-in (the refresh family's lifetime);
 * in practice it ends earlier, with the import, its lease, or the session.
 */
export async function issueObdsJobCredential(
  config: Pick<BackendConfig, 'jwtSecret' | 'refreshFamilyTtlSeconds'>,
  caller: CurrentUser,
  importId: string,
  now: Date,
): Promise<string> {
  const sessionId = caller.credential?.sessionId;
  // Only a signed-in user's own access token starts an import; a job credential is refused on that route before.
  if (!sessionId || caller.credential?.importId) throw unauthenticated();
  const signed = await signAccessToken(
    { userId: caller.id, role: caller.roleIdentifier, sessionId, importId },
    config.jwtSecret,
    config.refreshFamilyTtlSeconds,
    now,
  );
  return signed.token;
}

/**
 * Admits a request that carries a job credential, or refuses it: 403 outside the runner's steps or on another
 * import, 401 once the import is no longer running (done, failed, or its gateway silent beyond the lease).
 */
export async function admitObdsJobCredential(
  db: Kysely<DB>,
  credential: { userId: string; importId: string },
  step: JobStep | undefined,
  params: unknown,
  now: Date,
): Promise<void> {
  if (!step) throw forbidden(OBDS_JOB_CREDENTIAL_MESSAGES.outOfScope);
  if (step === 'importStep' && (params as { id?: unknown } | undefined)?.id !== credential.importId)
    throw forbidden(OBDS_JOB_CREDENTIAL_MESSAGES.outOfScope);
  const running = await db
    .selectFrom('obds_import')
    .select('id')
    .where('id', '=', credential.importId)
    .where('imported_by_id', '=', credential.userId)
    .where('status', 'in', ['queued', 'running'])
    .where('heartbeat_at', '>=', new Date(now.getTime() - OBDS_IMPORT_LEASE_MS))
    .executeTakeFirst();
  if (!running) throw unauthenticated(OBDS_JOB_CREDENTIAL_MESSAGES.ended);
}
