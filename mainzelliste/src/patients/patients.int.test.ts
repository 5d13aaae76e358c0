import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPid } from '../ids/pid.js';
import { createTestService, createToken, form, freshIdentity, type TestService } from '../test-support/test-service.js';

let service: TestService;
// These tests pin the reference EpiLink's scores (0.93 for one wrong day, 1 for equal data); the
// default Fellegi–Sunter matcher has its own tests (linkage.int.test.ts).
beforeAll(async () => {
  service = await createTestService({ matcher: 'epilink' });
});
afterAll(async () => service.close());

type Id = { idType: string; idString: string; tentative: boolean; uri: string };

const addPatient = async (fields: Record<string, string>, tokenId: string, version = '3.2') =>
  service.app.inject({ method: 'POST', url: `/patients?tokenId=${tokenId}&mainzellisteApiVersion=${version}`, ...form(fields) });

describe('POST /patients (mainzelliste-api.md §1 "Patients")', () => {
  it('creates, finds the same person, refuses a near-duplicate with 409, then creates it tentatively', async () => {
    const erika = freshIdentity();
    const token = await createToken(service.app, 'addPatient', { idTypes: ['pid', 'intid'] }, 2);
    const first = await addPatient(erika, token);
    expect(first.statusCode).toBe(201);
    const ids = first.json<Id[]>();
    expect(ids.map((id) => id.idType)).toEqual(['pid', 'intid']);
    expect(isValidPid(ids[0]?.idString ?? '')).toBe(true);
    expect(ids[0]).toMatchObject({ tentative: false });
    expect(ids[0]?.uri).toMatch(/\/patients\/pid\/[0-9A-Z]{8}$/);

    const again = await addPatient({ ...erika, vorname: ` ${erika.vorname?.toLowerCase() ?? ''}` }, token);
    expect(again.statusCode).toBe(201);
    expect(again.json<Id[]>()).toEqual(ids);

    // One wrong birth day: 0.93, a possible match. The token is used up (2 uses) but a 409 does not count.
    const nearToken = await createToken(service.app, 'addPatient', {});
    const near = { ...erika, geburtstag: erika.geburtstag === '01' ? '02' : '01' };
    const conflict = await addPatient(near, nearToken);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      message: expect.stringMatching(
        /^Unable to definitely determined whether the data refers to an existing or to a new patient\. Please check data or resubmit with sureness=true/,
      ),
    });
    const sure = await addPatient({ ...near, sureness: 'true' }, nearToken);
    expect(sure.statusCode).toBe(201);
    const tentative = sure.json<Id[]>();
    expect(tentative).toHaveLength(1);
    expect(tentative[0]).toMatchObject({ idType: 'pid', tentative: true });
    expect(tentative[0]?.idString).not.toBe(ids[0]?.idString);
    expect((await addPatient(near, nearToken)).statusCode).toBe(401);
  });

  it('shows the possible match when the token asks for it', async () => {
    const person = freshIdentity();
    const created = (await addPatient(person, await createToken(service.app, 'addPatient', {}))).json<Id[]>();
    const token = await createToken(service.app, 'addPatient', { showPossibleMatches: true });
    const conflict = await addPatient({ ...person, plz: '80331' }, token);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<{ possibleMatches: unknown }>().possibleMatches).toEqual([{ idType: 'pid', idString: created[0]?.idString }]);
  });

  it('answers {newId, tentative, uri} below API 2.0 and takes JSON bodies', async () => {
    const token = await createToken(service.app, 'addPatient', {});
    const response = await service.app.inject({ method: 'POST', url: `/patients?tokenId=${token}`, payload: freshIdentity() });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ newId: expect.any(String), tentative: false, uri: expect.stringMatching(/\/patients\/pid\//) });
  });

  it('merges fields from the token', async () => {
    const person = freshIdentity();
    const token = await createToken(service.app, 'addPatient', { fields: { nachname: person.nachname, geburtsjahr: person.geburtsjahr } });
    const response = await addPatient({ ...person, nachname: '', geburtsjahr: '' }, token);
    expect(response.statusCode).toBe(201);
  });

  it('validates the IDAT with 400 and keeps the token usable', async () => {
    const token = await createToken(service.app, 'addPatient', {});
    const person = freshIdentity();
    const cases: [Record<string, string>, string][] = [
      [{}, 'Neither complete IDAT nor an external ID has been given as input!'],
      [{ ...person, vorname: '' }, 'Field vorname must not be empty!'],
      [{ ...person, geburtstag: '1' }, `1${person.geburtsmonat}${person.geburtsjahr} is not a valid date!`],
      [
        { ...person, geburtsjahr: String(new Date().getFullYear() + 1) },
        `${person.geburtstag}${person.geburtsmonat}${new Date().getFullYear() + 1} is in the future!`,
      ],
      [{ ...person, plz: '1011' }, 'Field plz does not conform to the required format\\d{5}'],
      [{ ...person, geschlecht: 'F' }, 'Field geschlecht does not conform to the required formatM|W|D|X|U'],
      [{ ...person, strasse: 'x'.repeat(201) }, 'Field strasse must not be longer than 200 characters!'],
    ];
    for (const [fields, message] of cases) {
      const response = await addPatient(fields, token);
      expect([response.statusCode, response.body]).toEqual([400, message]);
    }
    expect((await addPatient(person, token)).statusCode).toBe(201);
  });

  it('refuses an invalid token with 401', async () => {
    const response = await addPatient(freshIdentity(), 'no-such-token');
    expect([response.statusCode, response.body]).toEqual([401, "Please supply a valid 'addPatient' token."]);
    const wrongType = await createToken(service.app, 'checkMatch', { idTypes: ['pid'] });
    expect((await addPatient(freshIdentity(), wrongType)).statusCode).toBe(401);
  });
});

describe('POST /patients/checkMatch/{tokenId} (mainzelliste-api.md §1)', () => {
  const checkMatch = async (fields: Record<string, string>, idTypes = ['pid']) => {
    const token = await createToken(service.app, 'checkMatch', { idTypes });
    const response = await service.app.inject({ method: 'POST', url: `/patients/checkMatch/${token}`, ...form(fields) });
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, string | number>[]>();
  };

  it('scores 1 for the same person, below 1 for a typo, with ids only for matches; stores nothing', async () => {
    const person = freshIdentity();
    const ids = (await addPatient(person, await createToken(service.app, 'addPatient', { idTypes: ['pid', 'intid'] }))).json<Id[]>();
    const pid = ids[0]?.idString;
    expect(await checkMatch(person, ['pid', 'intid'])).toEqual([{ similarityScore: 1, pid, intid: ids[1]?.idString }]);
    // Gender and street are kept, not matched: other values leave the score at 1.
    expect(await checkMatch({ ...person, geschlecht: person.geschlecht === 'W' ? 'M' : 'W', strasse: 'Ringstraße 1' })).toEqual([
      { similarityScore: 1, pid },
    ]);
    const typo = (await checkMatch({ ...person, nachname: `${person.nachname ?? ''}x` }))[0];
    expect(typo?.similarityScore).toBeLessThan(1);
    expect(typo?.similarityScore).toBeGreaterThanOrEqual(0.95);
    expect(typo?.pid).toBe(pid);
    const other = (await checkMatch({ ...person, vorname: 'Kunigunde', nachname: 'Zwiebelbrecht', plz: '80331', ort: 'München' }))[0];
    expect(other?.similarityScore).toBeLessThan(0.6);
    expect(other?.pid).toBeUndefined();
  });

  it('reports -MAX_VALUE when there is no candidate at all', async () => {
    const nobody = { vorname: 'Xaverine', nachname: 'Quoxbrunnen', geburtstag: '03', geburtsmonat: '04', geburtsjahr: '1901' };
    expect(await checkMatch(nobody)).toEqual([{ similarityScore: -Number.MAX_VALUE }]);
  });
});
