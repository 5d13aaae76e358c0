import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

type ReceivedMail = { to: string[]; raw: string };

let backend: TestBackend;
let smtp: SMTPServer;
const received: ReceivedMail[] = [];
let waiters: Array<() => void> = [];

beforeAll(async () => {
  // A real SMTP server on a random port; STARTTLS and AUTH off, as on a local relay.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        for (const wake of waiters) wake();
        waiters = [];
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  backend = await createTestBackend({}, createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: 'unused' }));
});

afterAll(async () => {
  await backend.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function mailTo(address: string): Promise<ReceivedMail> {
  for (let round = 0; round < 50; round += 1) {
    const mail = received.find((m) => m.to.includes(address));
    if (mail) return mail;
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
  throw new Error(`no mail to ${address}`);
}

/** The body may be quoted-printable: undo soft line breaks and =XX escapes before reading the link. */
function decodedText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const requestRecovery = (emailAddress: string) =>
  backend.app.inject({
    method: 'PUT',
    url: `/api/v1.0/User/sendPasswordRecoveryEmail?emailAddress=${encodeURIComponent(emailAddress)}`,
  });
const reset = (payload: { userId: string; challenge: string; newPasswordString: string }) =>
  backend.app.inject({ method: 'PUT', url: '/api/v1.0/User/passwordReset', payload });

describe('password recovery through SMTP', () => {
  it('mails a single-use link, resets the password, unlocks and signs out everywhere', async () => {
    const user = await createTestUser(backend.database);
    const before = await signIn(backend.app, user.userName, user.password);
    await backend.database.db
      .updateTable('app_user')
      .set({ failed_sign_in_count: 5, locked_until: new Date(Date.now() + 600_000) })
      .where('id', '=', user.id)
      .execute();

    const response = await requestRecovery(user.emailAddress.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: true });

    const text = decodedText((await mailTo(user.emailAddress)).raw);
    expect(text).toContain('Passwort');
    const match = /http:\/\/localhost:4000\/passwordreset\/([0-9a-f-]{36})\?challenge=([A-Za-z0-9_-]+)/.exec(text);
    expect(match?.[1]).toBe(user.id);
    const challenge = match?.[2] ?? '';

    const weak = await reset({ userId: user.id, challenge, newPasswordString: 'schwach' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      code: 'ECRF_ERR_WEAK_PASSWORD',
      messages: expect.arrayContaining(['Mindestens 1 Großbuchstaben']),
    });

    const wrongUser = await reset({
      userId: before.userId.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      challenge,
      newPasswordString: 'Neues-Passwort9',
    });
    expect(wrongUser.json()).toEqual({ passwortResetSuccessful: false });

    const done = await reset({ userId: user.id, challenge, newPasswordString: 'Neues-Passwort9' });
    expect(done.json()).toEqual({ passwortResetSuccessful: true });
    const reused = await reset({ userId: user.id, challenge, newPasswordString: 'Noch-Neuer9' });
    expect(reused.json()).toEqual({ passwortResetSuccessful: false });

    // Unlocked, new password in effect, earlier sessions revoked.
    expect((await signIn(backend.app, user.userName, 'Neues-Passwort9')).userId).toBe(user.id);
    const refresh = await backend.app.inject({
      method: 'POST',
      url: '/api/v1.0/Auth/refreshLogin',
      payload: { refreshToken: before.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    const events = await backend.database.db
      .selectFrom('audit_trail')
      .select(['event', 'new_value'])
      .where('record_id', '=', user.id)
      .where('event', 'in', ['PasswordRecoveryRequested', 'PasswordReset'])
      .execute();
    expect(events.map((e) => e.event).sort()).toEqual(['PasswordRecoveryRequested', 'PasswordReset']);
    expect(JSON.stringify(events)).not.toContain(challenge);
  });

  it('invalidates an earlier link when a new one is requested', async () => {
    const user = await createTestUser(backend.database);
    await requestRecovery(user.emailAddress);
    const first = /challenge=([A-Za-z0-9_-]+)/.exec(decodedText((await mailTo(user.emailAddress)).raw))?.[1] ?? '';
    received.splice(0, received.length);
    await requestRecovery(user.emailAddress);
    const second = /challenge=([A-Za-z0-9_-]+)/.exec(decodedText((await mailTo(user.emailAddress)).raw))?.[1] ?? '';
    expect(second).not.toBe(first);
    expect((await reset({ userId: user.id, challenge: first, newPasswordString: 'Neues-Passwort9' })).json()).toEqual({
      passwortResetSuccessful: false,
    });
    expect((await reset({ userId: user.id, challenge: second, newPasswordString: 'Neues-Passwort9' })).json()).toEqual({
      passwortResetSuccessful: true,
    });
  });

  it('answers an unknown address identically and sends nothing', async () => {
    const known = await createTestUser(backend.database);
    received.splice(0, received.length);
    const unknownAddress = `nobody-${known.userName}@example.org`;
    const response = await requestRecovery(unknownAddress);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: true });
    // A known address afterwards proves the mail path is live; the unknown one got nothing before it.
    await requestRecovery(known.emailAddress);
    await mailTo(known.emailAddress);
    expect(received.flatMap((m) => m.to)).not.toContain(unknownAddress);
    expect(received).toHaveLength(1);
  });
});
