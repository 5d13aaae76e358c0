import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, createToken, form, freshIdentity, type TestService } from '../test-support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service.close());

type Id = { idType: string; idString: string; tentative: boolean };
type Read = { fields: Record<string, string>; ids: Id[]; idTypes?: string[] };

async function create(fields: Record<string, string>): Promise<{ pid: string; intid: string }> {
  const token = await createToken(service.app, 'addPatient', { idTypes: ['pid', 'intid'] });
  const response = await service.app.inject({
    method: 'POST',
    url: `/patients?tokenId=${token}&mainzellisteApiVersion=3.2`,
    ...form(fields),
  });
  const [pid, intid] = response.json<Id[]>();
  return { pid: pid?.idString ?? '', intid: intid?.idString ?? '' };
}

const read = async (data: Record<string, unknown>, query = '') =>
  service.app.inject({ method: 'GET', url: `/patients?tokenId=${await createToken(service.app, 'readPatients', data)}${query}` });

describe('readPatients (mainzelliste-api.md §1 "Reading, editing and deleting")', () => {
  it('reads the requested fields and ids, on both paths', async () => {
    const person = freshIdentity();
    const { pid, intid } = await create(person);
    const data = {
      searchIds: [{ idType: 'pid', idString: pid }],
      resultFields: ['vorname', 'nachname', 'geschlecht', 'strasse'],
      resultIds: ['pid', 'intid'],
    };
    const response = await read(data);
    expect(response.statusCode).toBe(200);
    expect(response.json<Read[]>()).toEqual([
      {
        fields: { vorname: person.vorname, nachname: person.nachname, geschlecht: person.geschlecht, strasse: person.strasse },
        ids: [
          { idType: 'pid', idString: pid, tentative: false },
          { idType: 'intid', idString: intid, tentative: false },
        ],
      },
    ]);
    const byPath = await service.app.inject({
      method: 'GET',
      url: `/patients/tokenId/${await createToken(service.app, 'readPatients', { ...data, readAllPatientIdTypes: true })}`,
    });
    expect(byPath.json<Read[]>()[0]?.idTypes).toEqual(['pid', 'intid']);
  });

  it('lists every patient with * and pages through them', async () => {
    await create(freshIdentity());
    await create(freshIdentity());
    const data = { searchIds: [{ idType: 'pid', idString: '*' }], resultIds: ['pid'] };
    const firstPage = await read(data, '&page=1&limit=2');
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json<Read[]>()).toHaveLength(2);
    const total = Number(firstPage.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    const all = (await read(data)).json<Read[]>();
    expect(all).toHaveLength(total);
    const second = (await read(data, '&page=2&limit=1')).json<Read[]>();
    expect(second[0]?.ids[0]?.idString).toBe(all[1]?.ids[0]?.idString);
  });

  it('answers 404 "No patient found" for unknown ids and 401 for a bad token', async () => {
    const response = await read({ searchIds: [{ idType: 'pid', idString: 'ZZZZZZZZ' }] });
    expect([response.statusCode, response.body]).toEqual([404, 'No patient found']);
    const bad = await service.app.inject({ method: 'GET', url: '/patients?tokenId=nothing' });
    expect([bad.statusCode, bad.body]).toEqual([401, "Please supply a valid 'readPatients' token."]);
  });
});

describe('editPatient', () => {
  it('edits allowed fields with 204 and refuses others with 401', async () => {
    const person = freshIdentity();
    const { pid } = await create(person);
    const patientId = { idType: 'pid', idString: pid };
    const token = await createToken(service.app, 'editPatient', { patientId, fields: ['plz', 'ort', 'strasse', 'geschlecht'] }, 4);
    const edit = (payload: Record<string, string>) => service.app.inject({ method: 'PUT', url: `/patients/tokenId/${token}`, payload });
    expect((await edit({ plz: '80331', ort: 'München', strasse: 'Marienplatz 8', geschlecht: 'D' })).statusCode).toBe(204);
    expect((await edit({ vorname: 'Eva' })).statusCode).toBe(401);
    expect((await edit({ plz: '803' })).statusCode).toBe(400);
    expect((await edit({ geschlecht: 'F' })).statusCode).toBe(400);
    const after = await read({ searchIds: [patientId], resultFields: ['plz', 'ort', 'strasse', 'geschlecht', 'vorname'] });
    expect(after.json<Read[]>()[0]?.fields).toEqual({
      plz: '80331',
      ort: 'München',
      strasse: 'Marienplatz 8',
      geschlecht: 'D',
      vorname: person.vorname,
    });
  });

  it('may edit every field without a field list only below API 3.0', async () => {
    const { pid } = await create(freshIdentity());
    const patientId = { idType: 'pid', idString: pid };
    const sessionToken = async (version: string) => {
      const sid = (
        await service.app.inject({ method: 'POST', url: '/sessions', headers: { mainzellisteApiKey: 'dev-mainzelliste-key' } })
      ).json<{ sessionId: string }>().sessionId;
      const response = await service.app.inject({
        method: 'POST',
        url: `/sessions/${sid}/tokens`,
        headers: { mainzellisteApiKey: 'dev-mainzelliste-key', mainzellisteApiVersion: version },
        payload: { type: 'editPatient', data: { patientId } },
      });
      return response;
    };
    const v2 = await service.app.inject({
      method: 'PUT',
      url: `/patients/tokenId/${(await sessionToken('2.0')).json<{ id: string }>().id}`,
      payload: { geburtsname: 'Lindqvist' },
    });
    expect(v2.statusCode).toBe(204);
    // From 3.0 such a token is refused when it is created (Mainzelliste's Token.checkEditPatient).
    const v3 = await sessionToken('3.0');
    expect([v3.statusCode, v3.body]).toEqual([400, 'Token must contain at least one field or id to edit']);
  });
});

describe('deletePatient', () => {
  it('erases the patient', async () => {
    const person = freshIdentity();
    const { pid } = await create(person);
    const token = await createToken(service.app, 'deletePatient', {});
    expect((await service.app.inject({ method: 'DELETE', url: `/patients/${token}/pid/${pid}` })).statusCode).toBe(204);
    expect((await read({ searchIds: [{ idType: 'pid', idString: pid }] })).statusCode).toBe(404);
    const again = await createToken(service.app, 'deletePatient', {});
    expect((await service.app.inject({ method: 'DELETE', url: `/patients/${again}/pid/${pid}` })).statusCode).toBe(404);
  });
});
