import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, createTestUser, type TestBackend } from '../test-support/test-backend.js';
import { TOO_MANY_ATTEMPTS_MESSAGE } from './throttling.js';

let backend: TestBackend;
/** A second replica of the same registry: same database, same throttle namespace. */
let replica: TestBackend;
const WINDOW = 15 * 60_000;
beforeAll(async () => {
  // Small limits, so the test reaches them; the defaults are in throttling.ts.
  const settings = {
    throttleNamespace: `throttling-test-${randomUUID()}`,
    throttling: {
      signIn: { perAddress: { maxFailures: 6, windowMs: WINDOW }, perAccount: { maxFailures: 3, windowMs: WINDOW } },
      recovery: { perAddress: { maxFailures: 5, windowMs: WINDOW }, perAccount: { maxFailures: 2, windowMs: WINDOW } },
    },
  };
  [backend, replica] = await Promise.all([createTestBackend(settings), createTestBackend(settings)]);
});
afterAll(() => Promise.all([backend.close(), replica.close()]));

const signIn = (userName: string, password: string, address: string) =>
  backend.app.inject({ method: 'POST', url: '/api/v1.0/Auth', payload: { userName, password }, remoteAddress: address });
const recover = (emailAddress: string, address: string) =>
  backend.app.inject({
    method: 'PUT',
    url: `/api/v1.0/User/sendPasswordRecoveryEmail?emailAddress=${encodeURIComponent(emailAddress)}`,
    remoteAddress: address,
  });

/** Issue 15 item 6: sign-in and recovery are throttled per address and per account with 429 and Retry-After. */
describe('throttling', () => {
  it('refuses an account after its failed sign-ins, from any address, and tells when to retry', async () => {
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await signIn('niemand', 'falsch', address)).statusCode).toBe(401);
    const refused = await signIn('NIEMAND', 'falsch', '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: 'ECRF_ERR_TOO_MANY_ATTEMPTS',
      message: TOO_MANY_ATTEMPTS_MESSAGE,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW / 1000);
  });

  it('refuses an address after failed sign-ins at several accounts, even with the right password then', async () => {
    const user = await createTestUser(backend.database);
    for (let i = 0; i < 6; i++) expect((await signIn(`gesprueht${i}`, 'falsch', '10.0.1.1')).statusCode).toBe(401);
    const refused = await signIn(user.userName, user.password, '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await signIn(user.userName, user.password, '10.0.1.2')).statusCode).toBe(200);
  });

  it('counts the client a trusted proxy (the gateway on loopback) names, and ignores the header from others', async () => {
    let attempt = 0;
    const viaGateway = (client: string, remoteAddress: string) =>
      backend.app.inject({
        method: 'POST',
        url: '/api/v1.0/Auth',
        // Another name each time: only the address limit is in play.
        payload: { userName: `proxied${(attempt += 1)}`, password: 'falsch' },
        headers: { 'x-forwarded-for': client },
        remoteAddress,
      });
    for (let i = 0; i < 6; i++) expect((await viaGateway('10.0.5.1', '127.0.0.1')).statusCode).toBe(401);
    expect((await viaGateway('10.0.5.1', '127.0.0.1')).statusCode).toBe(429);
    // Another client behind the same gateway is not affected.
    expect((await viaGateway('10.0.5.2', '127.0.0.1')).statusCode).toBe(401);
    // A header from an address that is no trusted proxy names nobody: its own address counts.
    for (let i = 0; i < 6; i++) expect((await viaGateway(`10.0.6.${i}`, '10.0.7.1')).statusCode).toBe(401);
    expect((await viaGateway('10.0.6.9', '10.0.7.1')).statusCode).toBe(429);
  });

  it('counts the failures at every replica of the registry (issue 16 item 4)', async () => {
    const atReplica = (app: TestBackend['app'], userName: string) =>
      app.inject({ method: 'POST', url: '/api/v1.0/Auth', payload: { userName, password: 'falsch' }, remoteAddress: '10.0.8.1' });
    expect((await atReplica(backend.app, 'geteilt')).statusCode).toBe(401);
    expect((await atReplica(replica.app, 'geteilt')).statusCode).toBe(401);
    expect((await atReplica(backend.app, 'geteilt')).statusCode).toBe(401);
    expect((await atReplica(replica.app, 'geteilt')).statusCode).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const user = await createTestUser(backend.database);
    for (let i = 0; i < 8; i++) expect((await signIn(user.userName, user.password, '10.0.2.1')).statusCode).toBe(200);
  });

  it('throttles recovery mails per account and per address', async () => {
    expect((await recover('a@example.org', '10.0.3.1')).statusCode).toBe(200);
    expect((await recover('A@example.org', '10.0.3.2')).statusCode).toBe(200);
    const perAccount = await recover('a@example.org', '10.0.3.3');
    expect(perAccount.statusCode).toBe(429);
    expect(perAccount.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i++) expect((await recover(`b${i}@example.org`, '10.0.4.1')).statusCode).toBe(200);
    expect((await recover('c@example.org', '10.0.4.1')).statusCode).toBe(429);
  });
});
