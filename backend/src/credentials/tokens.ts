/**
 * Access and refresh tokens (ecrf-core.md §4 sign-in, ecrf-calls.md §4 session refresh).
 * Access token: JWT HS256 with sub = user id, role = role identifier and sid = the session (refresh-token
 * family, auth/sessions.ts), short-lived. A job credential is the same token with `imp` = the oBDS import it serves
 * (obds-import/obds-job-credential.ts): it is refused outside that import's steps and ends with the import.
 * Refresh token and recovery challenge: 32 random bytes, base64url; only their sha256 is stored, which is
 * enough for high-entropy random secrets (no salt or slow hash needed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type AccessClaims = { userId: string; role: string; sessionId: string; importId?: string };

const ISSUER = 'ecrf-backend';

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlSeconds: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + ttlSeconds) * 1000);
  const token = await new SignJWT({ role: claims.role, sid: claims.sessionId, ...(claims.importId ? { imp: claims.importId } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(secret);
  return { token, expiresAt };
}

/** The claims of a valid token, or null for a malformed, forged or expired one. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sid !== 'string') return null;
    if (payload.imp !== undefined && typeof payload.imp !== 'string') return null;
    return { userId: payload.sub, role: payload.role, sessionId: payload.sid, ...(payload.imp ? { importId: payload.imp } : {}) };
  } catch {
    return null;
  }
}

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
