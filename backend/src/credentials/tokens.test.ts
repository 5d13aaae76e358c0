import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomSecret, sha256, signAccessToken, verifyAccessToken } from './tokens.js';

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
});

describe('random secrets', () => {
  it('are 32 bytes of base64url and hash to hex', () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sha256(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(randomSecret()).not.toBe(secret);
  });
});
