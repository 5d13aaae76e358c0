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

/** At most this many verified tokens are remembered per secret (a long-running process must not grow with each one). */
export const VERIFIED_TOKEN_LIMIT = 10_000;

type Verified = { claims: AccessClaims; expiresAt: number };

/**
 * Tokens whose signature was checked, by their whole text (signature included, so a changed token is a miss), until
 * they expire: every authenticated request verifies its token, and the HMAC check through WebCrypto was a sixth of a
 * small request's CPU (docs/benchmarks.md "CPU per request"). Per secret, so a token is never accepted under another.
 */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, Verified>>();

/** How many verified tokens are remembered now under a secret (bounded by VERIFIED_TOKEN_LIMIT). */
export const verifiedTokens = (secret: Uint8Array): number => verifiedBySecret.get(secret)?.size ?? 0;

function remember(verified: Map<string, Verified>, token: string, entry: Verified, now: number): void {
  if (verified.size >= VERIFIED_TOKEN_LIMIT) {
    for (const [known, { expiresAt }] of verified) if (expiresAt <= now) verified.delete(known);
    // Maps iterate in insertion order: the oldest entry goes when none has expired.
    if (verified.size >= VERIFIED_TOKEN_LIMIT) verified.delete(verified.keys().next().value as string);
  }
  verified.set(token, entry);
}

/** The claims of a valid token, or null for a malformed, forged or expired one. */
export async function verifyAccessToken(token: string, secret: Uint8Array, now = Date.now()): Promise<AccessClaims | null> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > now) return known.claims;
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, currentDate: new Date(now) });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sid !== 'string') return null;
    if (typeof payload.exp !== 'number') return null;
    if (payload.imp !== undefined && typeof payload.imp !== 'string') return null;
    const claims = { userId: payload.sub, role: payload.role, sessionId: payload.sid, ...(payload.imp ? { importId: payload.imp } : {}) };
    remember(verified, token, { claims, expiresAt: payload.exp * 1000 }, now);
    return claims;
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
