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
      signIn: {
        perAddress: { maxFailures: 6, windowMs: WINDOW },
        perAccount: { maxFailures: 3, windowMs: WINDOW },
        perAccountPastAddressLimit: { maxFailures: 1, windowMs: WINDOW },
      },
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

  it('past an address’s limit answers every failure with 429, and signs in the right password of an account not under attack', async () => {
    const [user, other] = await Promise.all([createTestUser(backend.database), createTestUser(backend.database)]);
    for (let i = 0; i < 6; i++) expect((await signIn(`gesprueht${i}`, 'falsch', '10.0.1.1')).statusCode).toBe(401);
    const refused = await signIn('gesprueht6', 'falsch', '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await signIn(user.userName, user.password, '10.0.1.1')).statusCode).toBe(200);
    // A wrong password of a known account answers as an unknown name does, and marks the account as under attack.
    expect((await signIn(other.userName, 'falsch', '10.0.1.1')).statusCode).toBe(429);
    expect((await signIn(other.userName, other.password, '10.0.1.1')).statusCode).toBe(429);
    // Elsewhere the account signs in: it is under its own limit.
    expect((await signIn(other.userName, other.password, '10.0.1.2')).statusCode).toBe(200);
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

  it('answers recovery requests for known and unknown addresses alike, before and past the limits, and mails no more past them', async () => {
    const [known, alsoKnown] = await Promise.all([createTestUser(backend.database), createTestUser(backend.database)]);
    const mailsTo = async (user: { id: string }) =>
      (
        await backend.database.db
          .selectFrom('audit_trail')
          .select('id')
          .where('event', '=', 'PasswordRecoveryRequested')
          .where('record_id', '=', user.id)
          .execute()
      ).length;
    // Per account: 2 within the window; the third and fourth are answered alike and send nothing.
    for (const [index, emailAddress] of [
      known.emailAddress,
      known.emailAddress.toUpperCase(),
      known.emailAddress,
      'niemand@example.org',
    ].entries()) {
      for (const address of [`10.0.3.${index}`, `10.0.3.${index + 10}`]) {
        const answer = await recover(emailAddress, address);
        expect([answer.statusCode, answer.json(), answer.headers['retry-after']]).toEqual([200, { accepted: true }, undefined]);
      }
    }
    expect(await mailsTo(known)).toBe(2);
    // Per address: 5 within the window; past it, a known address is answered as any other and gets no mail.
    for (let i = 0; i < 5; i++) expect((await recover(`b${i}@example.org`, '10.0.4.1')).json()).toEqual({ accepted: true });
    expect((await recover(alsoKnown.emailAddress, '10.0.4.1')).json()).toEqual({ accepted: true });
    expect(await mailsTo(alsoKnown)).toBe(0);
    expect((await recover(alsoKnown.emailAddress, '10.0.4.2')).json()).toEqual({ accepted: true });
    expect(await mailsTo(alsoKnown)).toBe(1);
  });
});

/**
 * Issue 31 item 3 with the documented limits: a guessing run from a clinic's shared address does not close the site.
 */
describe('a site behind one address during a guessing attack', () => {
  let site: TestBackend;
  beforeAll(async () => {
    site = await createTestBackend({ throttleNamespace: `site-${randomUUID()}` });
  });
  afterAll(() => site.close());
  const attempt = (userName: string, password: string, address = '10.1.0.1') =>
    site.app.inject({ method: 'POST', url: '/api/v1.0/Auth', payload: { userName, password }, remoteAddress: address });

  it('still signs in its staff after 150 failures with unknown names from that address, while guessing stays refused', async () => {
    const [colleague, target] = await Promise.all([createTestUser(site.database), createTestUser(site.database)]);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await attempt(`unbekannt${i}`, 'Sommer2024!')).statusCode);
    expect(statuses).toEqual([...Array<number>(100).fill(401), ...Array<number>(50).fill(429)]);

    expect((await attempt(colleague.userName, colleague.password)).statusCode).toBe(200);

    expect((await attempt('unbekannt150', 'Sommer2024!')).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) expect((await attempt(target.userName, `Geraten-${i}!`)).statusCode).toBe(429);
    // The guessed account is under attack: from this address not even its password signs in, elsewhere it does.
    expect((await attempt(target.userName, target.password)).statusCode).toBe(429);
    expect((await attempt(target.userName, target.password, '10.1.0.2')).statusCode).toBe(200);
  }, 300_000);
});
