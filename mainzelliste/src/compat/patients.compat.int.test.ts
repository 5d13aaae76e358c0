/**
 * Compatibility with the official service, patients: external ids, readPatients, checkMatch and the permission
 * model, following Mainzelliste 1.9's newman collections named per test (docs/mainzelliste.md "Compatibility").
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../config/config.js';
import { parsePermissions } from '../config/permissions.js';
import { apiKey, createSession, createTestService, form, freshIdentity, type TestService } from '../test-support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService({ externalIdTypes: ['extid', 'externalId'] });
});
afterAll(async () => service.close());

// From API 3.2 a readPatients token may name ids nobody holds (below, Mainzelliste refuses it when it is created).
const headers = { ...apiKey, mainzellisteApiVersion: '3.2' };

async function token(type: string, data: Record<string, unknown>, allowedUses = 10, app = service.app): Promise<string> {
  const sid = await createSession(app);
  const response = await app.inject({ method: 'POST', url: `/sessions/${sid}/tokens`, headers, payload: { type, allowedUses, data } });
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

const add = (tokenId: string, fields: Record<string, string>) =>
  service.app.inject({ method: 'POST', url: `/patients?tokenId=${tokenId}&mainzellisteApiVersion=3.0`, ...form(fields) });
const checkMatch = (tokenId: string, fields: Record<string, string>) =>
  service.app.inject({ method: 'POST', url: `/patients/checkMatch/${tokenId}`, ...form(fields) });
const read = (tokenId: string) => service.app.inject({ method: 'GET', url: `/patients/tokenId/${tokenId}` });
const externalId = (): string => String(randomInt(1e9, 1e10));

describe('external ids (mainzelliste_addPatient_check_responses, _checkMatch_check_responses)', () => {
  it('adds by IDAT and external id and refuses conflicts with 409 and the official texts', async () => {
    const adding = await token('addPatient', { idtypes: ['pid', 'externalId'] });
    const [max, other, third] = [freshIdentity(), freshIdentity(), freshIdentity()];
    const id = externalId();
    const first = await add(adding, { ...max, externalId: id });
    expect(first.statusCode).toBe(201);
    expect(first.json<{ idType: string }[]>().map((entry) => entry.idType)).toEqual(['pid', 'externalId']);
    expect((await add(adding, { ...max, externalId: id })).json()).toEqual(first.json());
    expect((await add(adding, max)).json()).toEqual(first.json());
    const otherId = await add(adding, { ...max, externalId: externalId() });
    expect([otherId.statusCode, otherId.body]).toEqual([409, 'Found existing patient with matching IDAT but conflicting external ID(s).']);
    const otherIdat = await add(adding, { ...other, externalId: id });
    expect([otherIdat.statusCode, otherIdat.body]).toEqual([409, 'Found existing patient with matching external ID but conflicting IDAT!']);
    expect((await add(adding, { ...third, externalId: externalId() })).statusCode).toBe(201);

    const checking = await token('checkMatch', { idtypes: ['pid', 'externalId'] });
    const same = (await checkMatch(checking, { ...max, externalId: id })).json<Record<string, unknown>[]>();
    expect(same).toEqual([
      {
        similarityScore: 1,
        pid: first.json<{ idType: string; idString: string }[]>().find((entry) => entry.idType === 'pid')?.idString,
        externalId: id,
      },
    ]);
    expect((await checkMatch(checking, max)).json<{ similarityScore: number }[]>()[0]?.similarityScore).toBe(1);
    expect((await checkMatch(checking, { ...max, externalId: externalId() })).statusCode).toBe(409);
    expect((await checkMatch(checking, { ...freshIdentity(), externalId: externalId() })).json()).toEqual([{ similarityScore: 0 }]);
    expect((await checkMatch(checking, freshIdentity())).json<{ similarityScore: number }[]>()[0]?.similarityScore).toBeLessThan(1);
  });

  it('answers checkMatch with the score and the requested id types only (bugfix/mainzelliste_bugfix_checkMatch)', async () => {
    const person = freshIdentity();
    await add(await token('addPatient', {}), { ...person, extid: externalId() });
    const answer = (await checkMatch(await token('checkMatch', { idtypes: ['pid'] }), person)).json<Record<string, unknown>[]>();
    expect(Object.keys(answer[0] ?? {}).sort()).toEqual(['pid', 'similarityScore']);
    expect(answer[0]?.similarityScore).toBe(1);
  });

  it('reads by external id, edits it and clears it (mainzelliste_prob381_*, ids/eGK/*)', async () => {
    const [pid] = (await add(await token('addPatient', {}), freshIdentity())).json<{ idString: string }[]>();
    const patientId = { idType: 'pid', idString: pid?.idString };
    const id = externalId();
    const edit = await token('editPatient', { patientId, ids: ['extid'] });
    const put = (body: Record<string, unknown>, tokenId = edit) =>
      service.app.inject({ method: 'PUT', url: `/patients/tokenId/${tokenId}`, payload: body });
    expect((await put({ extid: id })).statusCode).toBe(204);
    const byExtid = await read(
      await token('readPatients', { searchIds: [{ idType: 'extid', idString: id }], resultIds: ['extid', 'pid'] }),
    );
    expect(byExtid.json()).toEqual([
      {
        ids: [
          { idType: 'pid', idString: pid?.idString, tentative: false },
          { idType: 'extid', idString: id, tentative: false },
        ],
      },
    ]);
    const forbidden = await put({ vorname: 'Anna' });
    expect([forbidden.statusCode, forbidden.body]).toEqual([401, 'No authorization to edit field vorname with this token.']);
    expect((await put({ extid: '' })).statusCode).toBe(204);
    // regex_Operations/mainzelliste_editPatient_regexError_birthday: a date is edited whole or not at all.
    const dates = await token('editPatient', { patientId, fields: ['geburtstag', 'geburtsmonat', 'geburtsjahr'] });
    const part = await put({ geburtstag: '01' }, dates);
    expect([part.statusCode, part.body]).toEqual([
      400,
      'Field geburtsmonat is missing in date definition. Dates must be entered and updated in complete form.',
    ]);
    expect((await read(await token('readPatients', { searchIds: [{ idType: 'extid', idString: id }] }))).statusCode).toBe(404);
  });
});

describe('readPatients (mainzelliste_readPatient, _prob379_vorhandene_Ids_idtypen_lesen*)', () => {
  it('answers {} for an id nobody holds and leaves out what the token did not ask for', async () => {
    const [pid] = (await add(await token('addPatient', {}), freshIdentity())).json<{ idString: string }[]>();
    const searchIds = [
      { idType: 'pid', idString: 'ZZZZZZZZ' },
      { idType: 'pid', idString: pid?.idString },
    ];
    const bare = await read(await token('readPatients', { searchIds }));
    expect(bare.json()).toEqual([{}, {}]);
    const all = await read(await token('readPatients', { searchIds, readAllPatientIds: true, readAllPatientIdTypes: true }));
    expect(all.json<unknown[]>()[1]).toMatchObject({ ids: [{ idType: 'pid' }, { idType: 'intid' }], idTypes: ['pid', 'intid'] });
  });

  it('checks readAllPatientIds when the token is used, against the server that created it', async () => {
    const names = ['createSession', 'createToken', 'tt_readPatients', 'tt_addPatient'];
    const narrow = await createTestService({
      servers: [{ name: 'n', apiKey: DEV_API_KEY, allowedRemoteAddresses: ['127.0.0.1'], permissions: new Set(names) }],
    });
    try {
      const [pid] = (
        await narrow.app.inject({
          method: 'POST',
          url: `/patients?tokenId=${await token('addPatient', {}, 1, narrow.app)}&mainzellisteApiVersion=3.0`,
          ...form(freshIdentity()),
        })
      ).json<{ idString: string }[]>();
      const readAll = await token(
        'readPatients',
        { readAllPatientIds: true, searchIds: [{ idType: 'pid', idString: pid?.idString }] },
        1,
        narrow.app,
      );
      const refused = await narrow.app.inject({ method: 'GET', url: `/patients/tokenId/${readAll}` });
      expect([refused.statusCode, refused.body]).toEqual([401, 'Server has no readAllPatientIds permission']);
    } finally {
      await narrow.close();
    }
  });
});

describe('refined permissions (refinedPermissions/mainzelliste_refinedperm_test1, _test2_wildcardtest)', () => {
  it('allows only the values a refined token type names', async () => {
    const { names, refined } = parsePermissions([
      'createSession',
      'createToken',
      'tt_readPatients{data.searchIds.idType:pid&data.searchIds.idString:1|data.searchIds.idType:pid&data.searchIds.idString:2|data.resultFields:geburtsname&vorname|data.resultIds:pid}',
      'tt_addPatient{data.idtypes:pid&data.idString:2|allowedUses:2}',
    ]);
    const refinedService = await createTestService({
      servers: [{ name: 'r', apiKey: DEV_API_KEY, allowedRemoteAddresses: ['127.0.0.1'], permissions: names, refinedPermissions: refined }],
    });
    try {
      const sid = await createSession(refinedService.app);
      const ask = (payload: Record<string, unknown>) =>
        refinedService.app.inject({
          method: 'POST',
          url: `/sessions/${sid}/tokens`,
          headers: { ...apiKey, mainzellisteApiVersion: '3.2' },
          payload,
        });
      const searchIds = (...ids: string[]) => ids.map((idString) => ({ idType: 'pid', idString }));
      expect(
        (await ask({ type: 'readPatients', data: { searchIds: searchIds('1', '2'), resultFields: ['geburtsname', 'vorname'] } }))
          .statusCode,
      ).toBe(201);
      const extra = await ask({ type: 'readPatients', data: { searchIds: searchIds('1'), nichtErlaubt: 'nicht erlaubt' } });
      expect([extra.statusCode, extra.body]).toEqual([401, 'data.nichterlaubt:nicht erlaubt is not allowed to request!']);
      expect((await ask({ type: 'readPatients', data: { searchIds: searchIds('3') } })).statusCode).toBe(401);
      expect((await ask({ type: 'addPatient', allowedUses: 2, data: { idtypes: ['pid'] } })).statusCode).toBe(201);
      expect((await ask({ type: 'addPatient', allowedUses: 3, data: { idtypes: ['pid'] } })).statusCode).toBe(401);
      expect((await ask({ type: 'checkMatch', data: { idtypes: ['pid'] } })).body).toBe(
        'Your permissions do not allow the requested access.',
      );
    } finally {
      await refinedService.close();
    }
  });
});
