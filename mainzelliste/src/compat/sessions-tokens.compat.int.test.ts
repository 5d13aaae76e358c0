/**
 * Compatibility with the official service: the flows of Mainzelliste 1.9's own newman suite
 * (ci/newman_tests/** of the Mainzelliste repository, named per test), written as our requests and checks.
 * Sessions, tokens, request bodies, token validation and monitoring (docs/mainzelliste.md "Compatibility").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, DEV_API_KEY } from '../config/config.js';
import { apiKey, createSession, createTestService, form, freshIdentity, type TestService } from '../test-support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service.close());

const v3 = { ...apiKey, mainzellisteApiVersion: '3.0' };
const json = { ...v3, 'content-type': 'application/json' };

const postToken = (sid: string, payload: string, url = `/sessions/${sid}/tokens`) =>
  service.app.inject({ method: 'POST', url, headers: json, payload });

describe('sessions (sessions/mainzelliste_session_delete_non_existing_session, _session_is_invalid)', () => {
  it('reads and deletes by session id alone; deleting an unknown session is 204; its tokens are gone with it', async () => {
    const sid = await createSession(service.app);
    const read = await service.app.inject({ method: 'GET', url: `/sessions/${sid}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveProperty('uri');
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sid}1` })).statusCode).toBe(204);
    expect((await service.app.inject({ method: 'GET', url: `/sessions/${sid}` })).statusCode).toBe(200);
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sid}` })).statusCode).toBe(204);
    const gone = await service.app.inject({ method: 'GET', url: `/sessions/${sid}` });
    expect([gone.statusCode, gone.body]).toEqual([404, `No session with id ${sid}`]);
    const token = await postToken(sid, '{"type": "editPatient", "data": {}}');
    expect([token.statusCode, token.body]).toEqual([404, `Session-ID ${sid} unknown.`]);
  });

  it('refuses a wrong key and a foreign address with the official texts (_session_invalid_APIKey, _invalid_IPadress)', async () => {
    const wrong = await service.app.inject({ method: 'POST', url: '/sessions', headers: { mainzellisteApiKey: 'THISISNOVALIDAPIKEY' } });
    expect([wrong.statusCode, wrong.body]).toEqual([401, "Please supply your API key in HTTP header field 'mainzellisteApiKey'."]);
    const far = await service.app.inject({ method: 'POST', url: '/sessions', headers: apiKey, remoteAddress: '203.0.113.9' });
    expect([far.statusCode, far.body]).toEqual([401, 'Rejecting your IP address 203.0.113.9.']);
  });
});

describe('tokens (tokens/*)', () => {
  it('takes allowedUses as a number or numeric string and refuses anything else (mainzelliste_tokens_bad_values_as_allowedUses)', async () => {
    const sid = await createSession(service.app);
    const body = (allowedUses: string) => `{"type": "addPatient", "allowedUses": ${allowedUses}, "data": {"idtypes": ["pid"]}}`;
    const twelve = await postToken(sid, body('"12"'));
    expect(twelve.json()).toMatchObject({ allowedUses: 12, remainingUses: 12 });
    for (const bad of ['"definitly not an integer"', '9999999999', '-9999999999', 'true', 'false']) {
      const refused = await postToken(sid, body(bad));
      expect([bad, refused.statusCode]).toEqual([bad, 400]);
    }
    expect((await postToken(sid, body('"12"'))).statusCode).toBe(201);
  });

  it('counts uses: readable by session id, gone after the last use (mainzelliste_tokens_use_add_multiple_times)', async () => {
    const sid = await createSession(service.app);
    const { id } = (await postToken(sid, '{"type": "addPatient", "allowedUses": 2, "data": {"idtypes": ["pid"]}}')).json<{ id: string }>();
    const token = () =>
      service.app.inject({ method: 'GET', url: `/sessions/${sid}/tokens/${id}`, headers: { mainzellisteApiVersion: '3.0' } });
    const add = () => service.app.inject({ method: 'POST', url: `/patients?tokenId=${id}`, ...form(freshIdentity()) });
    expect((await token()).json()).toMatchObject({ allowedUses: 2, remainingUses: 2 });
    expect((await add()).statusCode).toBe(201);
    expect((await token()).json()).toMatchObject({ allowedUses: 2, remainingUses: 1 });
    expect((await add()).statusCode).toBe(201);
    const used = await token();
    expect([used.statusCode, used.body]).toEqual([404, `No token with id ${id} in session ${sid}.`]);
    expect((await add()).statusCode).toBe(401);
  });

  it('lists, reads and revokes tokens by session id; 404 only for an unknown session (mainzelliste_tokens_no_session)', async () => {
    const sid = await createSession(service.app);
    const { id } = (await postToken(sid, '{"type": "checkMatch", "data": {"idtypes": ["pid"]}}')).json<{ id: string }>();
    const listed = await service.app.inject({ method: 'GET', url: `/sessions/${sid}/tokens`, headers: { mainzellisteApiVersion: '3.0' } });
    expect(listed.json<{ id: string }[]>().map((token) => token.id)).toEqual([id]);
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sid}/tokens/${id}` })).statusCode).toBe(204);
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sid}/tokens/${id}` })).statusCode).toBe(204);
    expect((await service.app.inject({ method: 'GET', url: `/sessions/${sid}/tokens/${id}` })).statusCode).toBe(404);
    await service.app.inject({ method: 'DELETE', url: `/sessions/${sid}` });
    expect((await service.app.inject({ method: 'DELETE', url: `/sessions/${sid}/tokens/${id}` })).statusCode).toBe(404);
  });

  it('validates token ids without a key (tokens/validate/*)', async () => {
    const validate = (query: string) => service.app.inject({ method: 'GET', url: `/validate/token${query}` });
    expect((await validate('')).statusCode).toBe(400);
    expect((await validate('?tokenId=')).statusCode).toBe(400);
    expect((await validate('?tokenId=8b4e53aa-77de-4891-9f6a-ac97a8d9ce3d')).statusCode).toBe(404);
    const sid = await createSession(service.app);
    const { id } = (await postToken(sid, '{"type": "addPatient", "data": {"idtypes": ["pid"]}}')).json<{ id: string }>();
    const live = await validate(`?tokenId=${id}`);
    expect([live.statusCode, live.body]).toEqual([200, '']);
    await service.app.inject({ method: 'POST', url: `/patients?tokenId=${id}`, ...form(freshIdentity()) });
    expect((await validate(`?tokenId=${id}`)).statusCode).toBe(404);
  });
});

describe('request bodies as the official suite sends them', () => {
  it('takes lenient JSON, trailing slashes and empty JSON bodies (monitoring, ids/eGK, prob144 collections)', async () => {
    const sid = await createSession(service.app);
    const lenient = await postToken(
      sid,
      '{ "type": "addPatient", "allowedUses": "2", "data": { "idtypes": [pid] } } }',
      `/sessions/${sid}/tokens/`,
    );
    expect(lenient.statusCode).toBe(201);
    expect(lenient.json()).toMatchObject({ data: { idTypes: ['pid'] } });
    const { id } = lenient.json<{ id: string }>();
    const [created] = (
      await service.app.inject({ method: 'POST', url: `/patients/?tokenId=${id}&mainzellisteApiVersion=3.0`, ...form(freshIdentity()) })
    ).json<{ idString: string }[]>();
    const deleteToken = await postToken(
      sid,
      '{"type": "deletePatient", "data": {"searchIds": [{"idType": pid, "idString": ' + created?.idString + '}]}}',
    );
    expect(deleteToken.statusCode).toBe(201);
    const removed = await service.app.inject({
      method: 'DELETE',
      url: `/patients/${deleteToken.json<{ id: string }>().id}/pid/${created?.idString}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(removed.statusCode).toBe(204);
    const truncated = await postToken(sid, '{"type": "addPatient", "data": {"fields": {"vorname": "Geheim');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.body).not.toContain('Geheim');
  });
});

describe('monitoring (monitoring/mainzelliste_monitoring, _input_handling)', () => {
  it('counts patients, tentative ids and id requests behind their permissions', async () => {
    const metric = async (path: string) =>
      (await service.app.inject({ method: 'GET', url: `/monitoring/metrics/${path}`, headers: apiKey })).body;
    const today = new Date().toISOString().slice(0, 10);
    const window = `IDRequestCount?start=2020-01-01&end=${today}`;
    const before = { patients: Number(await metric('patientCount')), requests: Number(await metric(window)) };
    const sid = await createSession(service.app);
    const { id } = (await postToken(sid, '{"type": "addPatient", "allowedUses": 2, "data": {}}')).json<{ id: string }>();
    const person = freshIdentity();
    for (let i = 0; i < 2; i += 1) await service.app.inject({ method: 'POST', url: `/patients?tokenId=${id}`, ...form(person) });
    expect(Number(await metric('patientCount'))).toBe(before.patients + 1);
    expect(Number(await metric(window))).toBe(before.requests + 2);
    expect(Number(await metric('tentativePatientCount'))).toBeGreaterThanOrEqual(0);
    for (const bad of ['start=2020&end=2020-02-01', 'start=2020-01-01&end=2020-31-01', 'start=2020-02-20&end=2020-01-30']) {
      expect(
        (await service.app.inject({ method: 'GET', url: `/monitoring/metrics/IDRequestCount?${bad}`, headers: apiKey })).statusCode,
      ).toBe(400);
    }
    const cpu = Number((await service.app.inject({ method: 'GET', url: '/monitoring/status/cpuInfo', headers: apiKey })).body);
    expect(cpu).toBeGreaterThanOrEqual(0);
    const narrow = await createTestService({
      servers: [
        {
          name: 'n',
          apiKey: DEV_API_KEY,
          allowedRemoteAddresses: ['127.0.0.1'],
          permissions: new Set(ALL_PERMISSIONS.filter((p) => p !== 'getPatientCount')),
        },
      ],
    });
    try {
      const refused = await narrow.app.inject({ method: 'GET', url: '/monitoring/metrics/patientCount', headers: apiKey });
      expect([refused.statusCode, refused.body]).toEqual([401, 'Your permissions do not allow the requested access.']);
    } finally {
      await narrow.close();
    }
  });
});
