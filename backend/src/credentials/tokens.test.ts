import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomSecret, sha256, signAccessToken, VERIFIED_TOKEN_LIMIT, verifiedTokens, verifyAccessToken } from './tokens.js';

describe('access tokens', () => {
  const secret = randomBytes(32);

  it('round-trips the claims', async () => {
    const { token, expiresAt } = await signAccessToken({ userId: 'u1', role: 'Physician', sessionId: 's1' }, secret, 900);
    expect(await verifyAccessToken(token, secret)).toEqual({ userId: 'u1', role: 'Physician', sessionId: 's1' });
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 890_000);
  });

  it('carries the oBDS import of a job credential, and nothing for an access token', async () => {
    const job = await signAccessToken({ userId: 'u1', role: 'Physician', sessionId: 's1', importId: 'i1' }, secret, 900);
    expect(await verifyAccessToken(job.token, secret)).toEqual({ userId: 'u1', role: 'Physician', sessionId: 's1', importId: 'i1' });
  });

  it('refuses expired, forged and malformed tokens', async () => {
    const past = new Date(Date.now() - 3600_000);
    const expired = await signAccessToken({ userId: 'u1', role: 'Physician', sessionId: 's1' }, secret, 60, past);
    expect(await verifyAccessToken(expired.token, secret)).toBeNull();
    const forged = await signAccessToken({ userId: 'u1', role: 'SuperAdmin', sessionId: 's1' }, randomBytes(32), 900);
    expect(await verifyAccessToken(forged.token, secret)).toBeNull();
    expect(await verifyAccessToken('not.a.jwt', secret)).toBeNull();
  });

  it('remembers a verified token only until it expires, and only under its own secret', async () => {
    const own = randomBytes(32);
    const issued = new Date();
    const { token } = await signAccessToken({ userId: 'u2', role: 'Physician', sessionId: 's2' }, own, 60, issued);
    const at = (seconds: number) => issued.getTime() + seconds * 1000;
    expect(await verifyAccessToken(token, own, at(1))).toEqual({ userId: 'u2', role: 'Physician', sessionId: 's2' });
    expect(verifiedTokens(own)).toBe(1);
    expect(await verifyAccessToken(token, randomBytes(32), at(2))).toBeNull();
    expect(await verifyAccessToken(token, own, at(59))).toEqual({ userId: 'u2', role: 'Physician', sessionId: 's2' });
    expect(await verifyAccessToken(token, own, at(61))).toBeNull();
    expect(verifiedTokens(own)).toBe(0);
  });

  it('remembers at most VERIFIED_TOKEN_LIMIT tokens, dropping expired ones first, else the oldest', async () => {
    const own = randomBytes(32);
    const now = Date.now();
    const sign = (n: number, ttl: number) => signAccessToken({ userId: `u${n}`, role: 'Physician', sessionId: `s${n}` }, own, ttl);
    for (const n of [0, 1]) await verifyAccessToken((await sign(n, 1)).token, own, now);
    for (let n = 2; n < VERIFIED_TOKEN_LIMIT; n += 1) await verifyAccessToken((await sign(n, 900)).token, own, now);
    expect(verifiedTokens(own)).toBe(VERIFIED_TOKEN_LIMIT);
    const later = now + 2000;
    // Both short-lived tokens have expired: they go, and the new one comes.
    await verifyAccessToken((await sign(VERIFIED_TOKEN_LIMIT, 900)).token, own, later);
    expect(verifiedTokens(own)).toBe(VERIFIED_TOKEN_LIMIT - 1);
    for (const n of [1, 2]) await verifyAccessToken((await sign(VERIFIED_TOKEN_LIMIT + n, 900)).token, own, later);
    expect(verifiedTokens(own)).toBe(VERIFIED_TOKEN_LIMIT);
  });
});

describe('random secrets', () => {
  it('are 32 bytes of base64url and hash to hex', () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sha256(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(randomSecret()).not.toBe(secret);
  });
});
