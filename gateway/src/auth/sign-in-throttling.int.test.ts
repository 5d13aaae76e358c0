import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { session { token } errors { code message } } }';
type Answer = { signIn: { session: { token: string } | null; errors: { code: string; message: string }[] } };

/** Issue 15 item 6: a throttled sign-in is a typed error with the German message the web shows. */
describe('sign-in throttling in the graph', () => {
  it('answers TOO_MANY_ATTEMPTS once a user name has failed too often', async () => {
    const userName = `niemand${Date.now()}`;
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await harness.request<Answer>(SIGN_IN, { input: { userName, password: 'Falsch-Passwort1' } });
      codes.push(answer.data?.signIn.errors[0]?.code ?? '');
    }
    expect(codes).toEqual([...Array<string>(10).fill('INVALID_CREDENTIALS'), 'TOO_MANY_ATTEMPTS']);
    const last = await harness.request<Answer>(SIGN_IN, { input: { userName, password: 'Falsch-Passwort1' } });
    expect(last.data?.signIn.errors).toEqual([
      { code: 'TOO_MANY_ATTEMPTS', message: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.' },
    ]);
  });
});

const RECOVER = 'mutation($input: RequestPasswordRecoveryInput!) { requestPasswordRecovery(input: $input) { accepted } }';

/** Issue 31 item 3: the answer tells neither whether an address has an account nor whether it is throttled. */
describe('password recovery in the graph', () => {
  it('answers known and unknown addresses alike, before and past the limit', async () => {
    const { token } = await harness.signIn('superadmin');
    const listed = await harness.request<{ users: { edges: { node: { emailAddress: string | null } }[] } }>(
      '{ users(first: 50) { edges { node { emailAddress } } } }',
      {},
      token,
    );
    const known = listed.data?.users.edges.map((edge) => edge.node.emailAddress).find((address) => address) ?? '';
    expect(known).toContain('@');
    for (const emailAddress of [known, `niemand-${Date.now()}@example.org`]) {
      // The backend mails an account 3 times within 15 minutes (backend/src/auth/throttling.ts).
      for (let i = 0; i < 5; i++) {
        const answer = await harness.request(RECOVER, { input: { emailAddress } });
        expect([answer.status, answer.data, answer.errors]).toEqual([200, { requestPasswordRecovery: { accepted: true } }, undefined]);
      }
    }
  });
});
