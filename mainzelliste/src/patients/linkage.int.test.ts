import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKING_VERSION, blockingKeys } from '../matching/blocking.js';
import { apiKey, createTestService, createToken, form, freshIdentity, type TestService } from '../test-support/test-service.js';
import { matchDataOf } from './fields.js';
import { backfillBlockingKeys } from './patients.sql.js';

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

describe('the estimate in use on /monitoring/linkage (issue 29)', () => {
  it('shows m and u per comparison level, the identities counted and the returning share, behind the API key', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/monitoring/linkage' })).statusCode).toBe(401);
    const before = (await service.app.inject({ method: 'GET', url: '/monitoring/linkage', headers: apiKey })).json<{
      matcher: string;
      identities: number;
      returningShare: number;
      m: Record<string, number[]>;
      u: Record<string, number[]>;
    }>();
    expect(before.matcher).toBe('fellegi-sunter');
    expect(before.m.birthDate).toHaveLength(5);
    expect(before.u.surname).toHaveLength(5);
    await addPatient(freshIdentity());
    const after = (await service.app.inject({ method: 'GET', url: '/monitoring/linkage', headers: apiKey })).json<{
      identities: number;
      returningShare: number;
    }>();
    expect(after.identities).toBe(before.identities + 1);
    // Someone new lowers the share of returning people, the prior of a match.
    expect(after.returningShare).toBeLessThan(before.returningShare);
  });
});

describe('plausibility of input (issue 17)', () => {
  it('refuses a birth year before 1900 with the 400 listing the broken rule', async () => {
    const response = await addPatient({ ...freshIdentity(), geburtsjahr: '1462' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('is before 1900!');
  });

  it('refuses a record without a first name unless the configuration allows one missing field', async () => {
    const withoutFirstName = (fields: Record<string, string>) => ({ ...fields, vorname: '' });
    expect((await addPatient(withoutFirstName(freshIdentity()))).statusCode).toBe(400);
    const lenient = await createTestService({ allowOneMissingField: true });
    try {
      const token = await createToken(lenient.app, 'addPatient', { idTypes: ['pid'] });
      const add = (fields: Record<string, string>, tokenId: string) =>
        lenient.app.inject({ method: 'POST', url: `/patients?tokenId=${tokenId}&mainzellisteApiVersion=3.2`, ...form(fields) });
      const person = freshIdentity();
      const created = (await add(person, token)).json<Id[]>();
      const found = await add(withoutFirstName(person), await createToken(lenient.app, 'addPatient', { idTypes: ['pid'] }));
      expect(found.statusCode).toBe(201);
      expect(found.json<Id[]>()[0]?.idString).toBe(created[0]?.idString);
    } finally {
      await lenient.close();
    }
  });
});

describe('blocking keys of identities stored before migration 0003', () => {
  it('are recomputed under the current version', async () => {
    const fields = freshIdentity();
    const matchData = matchDataOf(fields);
    const { db } = service.database;
    const row = await db
      .insertInto('patient')
      .values({ fields: JSON.stringify(fields), match_data: JSON.stringify(matchData), bk_nachname: '0', blocking_version: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await backfillBlockingKeys(db, blockingKeys)).toBeGreaterThanOrEqual(1);
    const keyed = await db
      .selectFrom('patient')
      .select(['bk_nachname', 'bk_names', 'blocking_version'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(keyed).toEqual({
      bk_nachname: blockingKeys(matchData).nachnameYear,
      bk_names: blockingKeys(matchData).names,
      blocking_version: BLOCKING_VERSION,
    });
  });
});
