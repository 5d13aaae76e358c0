/**
 * A session is a refresh-token family; its id travels in the access token (`sid`). Every request checks that
 * the session is still open, so signing out ends the access token at once instead of after its 15 minutes
 * (issue 15 item 6; 21 CFR 11.10(d) limits access to authorised individuals). Open sessions are remembered for
 * a few seconds to spare the database a query per request; a revocation in this process forgets them all, and
 * other replicas see it within SESSION_CACHE_MS.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';

export const SESSION_CACHE_MS = 5_000;
/** At most this many sessions are remembered: a long-running process must not grow with every session it saw. */
export const SESSION_CACHE_LIMIT = 10_000;

const openUntil = new Map<string, number>();

/** How many open sessions are remembered now (bounded by SESSION_CACHE_LIMIT). */
export const rememberedSessions = (): number => openUntil.size;

function remember(sessionId: string, until: number, now: number): void {
  if (openUntil.size >= SESSION_CACHE_LIMIT) {
    for (const [id, expiry] of openUntil) if (expiry <= now) openUntil.delete(id);
    // Maps iterate in insertion order: the oldest entry goes when none has expired.
    if (openUntil.size >= SESSION_CACHE_LIMIT) openUntil.delete(openUntil.keys().next().value as string);
  }
  openUntil.set(sessionId, until);
}

/** Forgets every remembered open session; called whenever refresh tokens are revoked. */
export function forgetOpenSessions(): void {
  openUntil.clear();
}

/** Whether the session still has a refresh token that is not revoked (its sign-out revokes them all). */
export async function isSessionOpen(db: Kysely<DB>, sessionId: string, now = Date.now()): Promise<boolean> {
  if ((openUntil.get(sessionId) ?? 0) > now) return true;
  const row = await db
    .selectFrom('refresh_token')
    .select('id')
    .where('family_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!row) return false;
  remember(sessionId, now + SESSION_CACHE_MS, now);
  return true;
}
