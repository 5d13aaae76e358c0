import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, DEV_API_KEY } from '../config/config.js';
import { apiKey, createSession, createTestService, type TestService } from '../test-support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService({ sessionTimeoutMs: 300 });
});
afterAll(async () => service.close());

const tokenRequest = async (payload: unknown, version = '3.2', sessionId?: string) => {
  const sid = sessionId ?? (await createSession(service.app));
  return service.app.inject({
    method: 'POST',
    url: `/sessions/${sid}/tokens`,
    headers: { ...apiKey, mainzellisteApiVersion: version },
    payload: payload as Record<string, unknown>,
  });
};

describe('GET / and configuration (mainzelliste-api.md §1 "Other endpoints")', () => {
  it('names the distribution and version without a key', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/' });
    expect(response.json()).toEqual({ distname: 'Mainzelliste', version: '1.9.0' });
  });

  it('lists the field keys for readConfiguration', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/configuration/fieldKeys', headers: apiKey });
    expect(response.json()).toEqual([
      'vorname',
      'nachname',
      'geburtsname',
      'geburtstag',
      'geburtsmonat',
      'geburtsjahr',
      'geschlecht',
      'strasse',
      'plz',
      'ort',
      'versicherungsnummer',
    ]);
  });
});

describe('authentication (mainzelliste-api.md §1 "Authentication")', () => {
  it('answers 401 with a text body without or with a wrong API key', async () => {
    for (const headers of [{}, { mainzellisteApiKey: 'wrong' }]) {
      const response = await service.app.inject({ method: 'POST', url: '/sessions', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    }
  });

  it('accepts the legacy header mzidApiKey', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/sessions', headers: { mzidApiKey: DEV_API_KEY } });
    expect(response.statusCode).toBe(201);
  });

  it('refuses addresses outside the allowed ranges and missing permissions', async () => {
    const restricted = await createTestService({
      servers: [
        { name: 'far', apiKey: 'far-key', allowedRemoteAddresses: ['10.0.0.0/8'], permissions: new Set(ALL_PERMISSIONS) },
        {
          name: 'reader',
          apiKey: 'reader-key',
          allowedRemoteAddresses: ['127.0.0.1', '::1'],
          permissions: new Set(['createSession', 'createToken', 'tt_checkMatch']),
        },
      ],
    });
    try {
      const far = await restricted.app.inject({ method: 'POST', url: '/sessions', headers: { mainzellisteApiKey: 'far-key' } });
      expect([far.statusCode, far.body]).toEqual([401, 'Rejecting your IP address 127.0.0.1.']);
      const fromTen = await restricted.app.inject({
        method: 'POST',
        url: '/sessions',
        headers: { mainzellisteApiKey: 'far-key' },
        remoteAddress: '10.1.2.3',
      });
      expect(fromTen.statusCode).toBe(201);
      const session = await restricted.app.inject({ method: 'POST', url: '/sessions', headers: { mainzellisteApiKey: 'reader-key' } });
      const sid = session.json<{ sessionId: string }>().sessionId;
      const add = await restricted.app.inject({
        method: 'POST',
        url: `/sessions/${sid}/tokens`,
        headers: { mainzellisteApiKey: 'reader-key' },
        payload: { type: 'addPatient', data: {} },
      });
      expect(add.statusCode).toBe(401);
      const check = await restricted.app.inject({
        method: 'POST',
        url: `/sessions/${sid}/tokens`,
        headers: { mainzellisteApiKey: 'reader-key' },
        payload: { type: 'checkMatch', data: { idTypes: ['pid'] } },
      });
      expect(check.statusCode).toBe(201);
    } finally {
      await restricted.close();
    }
  });
});

describe('API version (mainzelliste-api.md §1 "API version")', () => {
  it('rejects a malformed version with 400, from header or query', async () => {
    const header = await service.app.inject({ method: 'POST', url: '/sessions', headers: { ...apiKey, mainzellisteApiVersion: '2' } });
    expect(header.statusCode).toBe(400);
    const query = await service.app.inject({ method: 'POST', url: '/sessions?mainzellisteApiVersion=x.1', headers: apiKey });
    expect(query.statusCode).toBe(400);
  });
});

describe('sessions (mainzelliste-api.md §1 "Sessions")', () => {
  it('creates a session with the key; reading and deleting it need only its id', async () => {
    const created = await service.app.inject({ method: 'POST', url: '/sessions', headers: apiKey });
    expect(created.statusCode).toBe(201);
    const { sessionId, uri } = created.json<{ sessionId: string; uri: string }>();
    expect(created.headers.location).toBe(uri);
    expect(uri).toMatch(new RegExp(`/sessions/${sessionId}/$`));
    expect((await service.app.inject({ method: 'GET', url: `/sessions/${sessionId}` })).json()).toEqual({ sessionId, uri });
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sessionId}` })).statusCode).toBe(204);
    const gone = await service.app.inject({ method: 'GET', url: `/sessions/${sessionId}` });
    expect([gone.statusCode, gone.body]).toEqual([404, `No session with id ${sessionId}`]);
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sessionId}` })).statusCode).toBe(204);
  });

  it('expires an idle session with its tokens', async () => {
    const sid = await createSession(service.app);
    const token = (await tokenRequest({ type: 'checkMatch', data: { idTypes: ['pid'] } }, '3.2', sid)).json<{ id: string }>();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await service.app.inject({ method: 'GET', url: `/sessions/${sid}`, headers: apiKey })).statusCode).toBe(404);
    const use = await service.app.inject({ method: 'POST', url: `/patients/checkMatch/${token.id}`, payload: { vorname: 'A' } });
    expect(use.statusCode).toBe(401);
  });
});

describe('tokens (mainzelliste-api.md §1 "Token data by type")', () => {
  it('answers {tokenId, uri} below 2.0 and the full token from 2.0', async () => {
    const old = await tokenRequest({ type: 'addPatient', data: {} }, '1.0');
    expect(old.statusCode).toBe(201);
    expect(Object.keys(old.json()).sort()).toEqual(['tokenId', 'uri']);
    const full = await tokenRequest({ type: 'addPatient', allowedUses: 3, data: { IDTYPES: ['pid', 'intid'] } });
    expect(full.json()).toMatchObject({ type: 'addPatient', allowedUses: 3, remainingUses: 3, data: { idTypes: ['pid', 'intid'] } });
    expect(full.headers.location).toBe(full.json<{ uri: string }>().uri);
  });

  it('401 for a missing or unknown type, 400 for missing data, bad JSON or bad data', async () => {
    expect((await tokenRequest({ data: {} })).statusCode).toBe(401);
    expect((await tokenRequest({ type: 'readEverything', data: {} })).statusCode).toBe(401);
    expect((await tokenRequest({ type: 'addPatient' })).statusCode).toBe(400);
    const sid = await createSession(service.app);
    const malformed = await service.app.inject({
      method: 'POST',
      url: `/sessions/${sid}/tokens`,
      headers: { ...apiKey, 'content-type': 'application/json' },
      payload: '{"type": "addPatient", "data": {"fields": {"vorname": "Geheim',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('Geheim');
    expect((await tokenRequest({ type: 'addPatient', data: { idTypes: ['ssn'] } })).statusCode).toBe(400);
    expect((await tokenRequest({ type: 'addPatient', data: { fields: { shoeSize: '42' } } })).statusCode).toBe(400);
    expect((await tokenRequest({ type: 'addPatient', data: { callback: 'https://example.org/cb' } })).statusCode).toBe(400);
    expect((await tokenRequest({ type: 'addPatient', allowedUses: -1, data: {} })).statusCode).toBe(400);
  });

  it('checkMatch needs idTypes', async () => {
    const response = await tokenRequest({ type: 'checkMatch', data: {} });
    expect([response.statusCode, response.body]).toEqual([
      400,
      'No idtypes defined! Token must contain at least one idtype for best match patient.',
    ]);
  });

  it('readPatients: searchIds required, one entry with *, unknown ids refused below 3.2 only', async () => {
    expect((await tokenRequest({ type: 'readPatients', data: {} })).statusCode).toBe(400);
    const twoWithStar = {
      searchIds: [
        { idType: 'pid', idString: '*' },
        { idType: 'pid', idString: '0000011F' },
      ],
    };
    // Mainzelliste answers this with its NotImplementedException.
    expect((await tokenRequest({ type: 'readPatients', data: twoWithStar })).statusCode).toBe(503);
    const unknown = { searchIds: [{ idType: 'pid', idString: 'ZZZZZZZZ' }] };
    expect((await tokenRequest({ type: 'readPatients', data: unknown }, '3.1')).statusCode).toBe(400);
    expect((await tokenRequest({ type: 'readPatients', data: unknown }, '3.2')).statusCode).toBe(201);
  });

  it('editPatient needs an existing patient', async () => {
    const response = await tokenRequest({ type: 'editPatient', data: { patientId: { idType: 'pid', idString: 'ZZZZZZZZ' } } });
    expect(response.statusCode).toBe(400);
  });

  it('reads and revokes a token', async () => {
    const sid = await createSession(service.app);
    const token = (await tokenRequest({ type: 'deletePatient', data: {} }, '3.2', sid)).json<{ id: string }>();
    const read = await service.app.inject({
      method: 'GET',
      url: `/sessions/${sid}/tokens/${token.id}`,
      headers: { ...apiKey, mainzellisteApiVersion: '3.2' },
    });
    expect(read.json()).toMatchObject({ id: token.id, type: 'deletePatient', remainingUses: 1 });
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sid}/tokens/${token.id}`, headers: apiKey })).statusCode).toBe(
      204,
    );
    expect((await service.app.inject({ method: 'GET', url: `/sessions/${sid}/tokens/${token.id}`, headers: apiKey })).statusCode).toBe(404);
  });

  it('requires auditTrail when configured (gcp.audittrail)', async () => {
    const strict = await createTestService({ auditTrailRequired: true });
    try {
      const sid = await createSession(strict.app);
      const url = `/sessions/${sid}/tokens`;
      const without = await strict.app.inject({ method: 'POST', url, headers: apiKey, payload: { type: 'addPatient', data: {} } });
      expect(without.statusCode).toBe(400);
      const auditTrail = { username: 'dana.data', remoteSystem: 'ecrf', reasonForChange: 'Aufnahme' };
      const withTrail = await strict.app.inject({
        method: 'POST',
        url,
        headers: apiKey,
        payload: { type: 'addPatient', data: { auditTrail } },
      });
      expect(withTrail.statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });
});
