import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, createToken, form, freshIdentity, type TestService } from '../test-support/test-service.js';

let service: TestService;
beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service.close());

type Id = { idType: string; idString: string; tentative: boolean };
const addPatient = async (fields: Record<string, string>) => {
  const token = await createToken(service.app, 'addPatient', { idTypes: ['pid'] });
  return service.app.inject({ method: 'POST', url: `/patients?tokenId=${token}&mainzellisteApiVersion=3.2`, ...form(fields) });
};

describe('the default Fellegi–Sunter matcher through POST /patients (issue 17)', () => {
  it('gives a returning person the same pseudonym despite a typo, swapped day and month, or swapped names', async () => {
    const person: Record<string, string> = { ...freshIdentity(), geburtstag: '05', geburtsmonat: '11' };
    const created = (await addPatient(person)).json<Id[]>();
    for (const variant of [
      { ...person, nachname: `${person.nachname ?? ''}e` },
      { ...person, geburtstag: '11', geburtsmonat: '05' },
      { ...person, vorname: person.nachname ?? '', nachname: person.vorname ?? '' },
    ]) {
      const response = await addPatient(variant);
      expect(response.statusCode).toBe(201);
      expect(response.json<Id[]>()[0]?.idString).toBe(created[0]?.idString);
    }
  });

  it('gives someone else a new pseudonym', async () => {
    const person = freshIdentity();
    const created = (await addPatient(person)).json<Id[]>();
    const other = await addPatient({ ...freshIdentity(), geburtsjahr: person.geburtsjahr ?? '1970' });
    expect(other.statusCode).toBe(201);
    expect(other.json<Id[]>()[0]?.idString).not.toBe(created[0]?.idString);
  });
});
