/**
 * Compatibility with the official service: callbacks and redirects of tokens (Mainzelliste's PatientsResource,
 * MainzellisteCallback, RedirectBuilder), against a receiver on an allowed origin (docs/mainzelliste.md
 * "Callbacks and redirects").
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../config/config.js';
import { apiKey, createSession, createTestService, form, freshIdentity, type TestService } from '../test-support/test-service.js';

type Received = { path: string; body: Record<string, unknown> };

let service: TestService;
let receiver: Server;
let origin: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      response.statusCode = request.url === '/fails' ? 500 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await createTestService({ callbackOrigins: [origin] });
});
afterAll(async () => {
  await service.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const tokenRequest = async (type: string, data: Record<string, unknown>, allowedUses = 1) => {
  const sid = await createSession(service.app);
  return service.app.inject({
    method: 'POST',
    url: `/sessions/${sid}/tokens`,
    headers: { ...apiKey, mainzellisteApiVersion: '3.0' },
    payload: { type, allowedUses, data },
  });
};
const tokenOf = async (type: string, data: Record<string, unknown>, allowedUses = 1) =>
  (await tokenRequest(type, data, allowedUses)).json<{ id: string }>().id;

describe('callbacks', () => {
  it('reports the new ids to the callback after adding, as Mainzelliste does from API 2.0', async () => {
    const id = await tokenOf('addPatient', { idtypes: ['pid', 'intid'], callback: `${origin}/ids` });
    const added = await service.app.inject({
      method: 'POST',
      url: `/patients?tokenId=${id}&mainzellisteApiVersion=3.0`,
      ...form(freshIdentity()),
    });
    expect(added.statusCode).toBe(201);
    const ids = added
      .json<{ idType: string; idString: string; tentative: boolean }[]>()
      .map(({ idType, idString, tentative }) => ({ idType, idString, tentative }));
    expect(received.at(-1)).toEqual({ path: '/ids', body: { tokenId: id, ids } });
  });

  it('answers 500 when the receiver refuses, and keeps the token for the retry', async () => {
    const id = await tokenOf('checkMatch', { idtypes: ['pid'], callback: `${origin}/fails` });
    const check = () => service.app.inject({ method: 'POST', url: `/patients/checkMatch/${id}`, ...form(freshIdentity()) });
    const failed = await check();
    expect([failed.statusCode, failed.body]).toEqual([500, 'Request to callback failed!']);
    expect(received.at(-1)?.body).toMatchObject({ tokenId: id, similarityScores: [expect.any(Number)] });
    expect((await service.app.inject({ method: 'GET', url: `/validate/token?tokenId=${id}` })).statusCode).toBe(200);
  });

  it('refuses a callback or redirect to a host that is not allowed, and without the permission', async () => {
    const refused = await tokenRequest('addPatient', { callback: 'https://elsewhere.example/cb' });
    expect([refused.statusCode, refused.body]).toEqual([
      400,
      'Callback address https://elsewhere.example/cb does not conform to allowed format!',
    ]);
    expect((await tokenRequest('addPatient', { redirect: 'https://elsewhere.example/{pid}' })).statusCode).toBe(400);
    expect((await tokenRequest('addPatient', { redirect: `http://{pid}.127.0.0.1/` })).statusCode).toBe(400);
    const unknown = await tokenRequest('addPatient', { redirect: `${origin}/{ssn}` });
    expect([unknown.statusCode, unknown.body]).toEqual([
      400,
      'The URI template for the redirect address contains the undefined id type ssn.',
    ]);
    const plain = await createTestService({
      callbackOrigins: [origin],
      servers: [
        {
          name: 'plain',
          apiKey: DEV_API_KEY,
          allowedRemoteAddresses: ['127.0.0.1'],
          permissions: new Set(['createSession', 'createToken', 'tt_addPatient']),
        },
      ],
    });
    try {
      const sid = await createSession(plain.app);
      const noRight = await plain.app.inject({
        method: 'POST',
        url: `/sessions/${sid}/tokens`,
        headers: apiKey,
        payload: { type: 'addPatient', data: { callback: `${origin}/cb` } },
      });
      expect(noRight.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});

describe('redirects (the web-form flow)', () => {
  it('sends API clients from 2.0 and browsers to the filled-in template with 303', async () => {
    const template = `${origin}/done?token={tokenId}&pid={pid}`;
    const api = await tokenOf('addPatient', { idtypes: ['pid'], redirect: template });
    const apiAnswer = await service.app.inject({
      method: 'POST',
      url: `/patients?tokenId=${api}&mainzellisteApiVersion=3.0`,
      ...form(freshIdentity()),
    });
    expect(apiAnswer.statusCode).toBe(303);
    expect(apiAnswer.headers.location).toMatch(new RegExp(`^${origin}/done\\?token=${api}&pid=[0-9A-Z]{8}$`));

    const browser = await tokenOf('addPatient', { redirect: template });
    const person = freshIdentity();
    const formPost = await service.app.inject({
      method: 'POST',
      url: `/patients?tokenId=${browser}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
      payload: new URLSearchParams(person).toString(),
    });
    expect(formPost.statusCode).toBe(303);
    expect(formPost.headers.location).toContain(`token=${browser}`);
  });

  it('redirects after an edit when the template names the token', async () => {
    const [pid] = (
      await service.app.inject({
        method: 'POST',
        url: `/patients?tokenId=${await tokenOf('addPatient', {})}&mainzellisteApiVersion=3.0`,
        ...form(freshIdentity()),
      })
    ).json<{ idString: string }[]>();
    const edit = await tokenOf('editPatient', {
      patientId: { idType: 'pid', idString: pid?.idString },
      fields: ['ort'],
      redirect: `${origin}/edited/{tokenId}`,
    });
    const answer = await service.app.inject({ method: 'PUT', url: `/patients/tokenId/${edit}`, payload: { ort: 'Leipzig' } });
    expect([answer.statusCode, answer.headers.location]).toEqual([303, `${origin}/edited/${edit}`]);
  });
});
