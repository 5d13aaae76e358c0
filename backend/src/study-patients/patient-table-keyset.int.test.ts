import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';

type Page = { items: { id: string; cursor: string }[]; totalCount: number };
type Refusal = { code: string; message: string; fieldErrors: { field: string }[] };

let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: Api;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const manager = await createTestUser(backend.database, { role: 'DataManager', institutes: ['1001', '2002'] });
  dataManager = api(backend.app, (await signIn(backend.app, manager.userName, manager.password)).token);
});
afterAll(() => backend.close());

/** Patients whose pseudonyms share a fresh tag (the search isolates them), with ties in registration day and location. */
async function enrol(tag: string, patients: { name: string; date: string; location: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { name, date, location } of patients) {
    const created = await dataManager.send<{ id: string }>('POST', 'NngmStudyPatient', {
      studyId: registry.studyId,
      studyInstituteId: registry.locationOf(location),
      pseudonym: `${tag}-${name}`,
      registrationDate: date,
    });
    expect(created.status).toBe(201);
    ids.push(created.body.id);
  }
  return ids;
}

const table = (query: string, route = 'my') => dataManager.get<Page>(`NngmStudyPatient/study/${registry.studyId}/${route}?${query}`);
const after = (cursor: string | undefined) => (cursor ? `&after=${encodeURIComponent(cursor)}` : '');

/** The whole list, page by page, each page after the last row's token. */
async function walkByTokens(query: string, perPage: number): Promise<{ ids: string[]; counts: number[] }> {
  const ids: string[] = [];
  const counts: number[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await table(`${query}&itemsPerPage=${perPage}${after(cursor)}`);
    expect(page.status).toBe(200);
    ids.push(...page.body.items.map((item) => item.id));
    counts.push(page.body.totalCount);
    if (page.body.items.length < perPage) return { ids, counts };
    cursor = page.body.items.at(-1)?.cursor;
  }
}

const offsetOrder = async (query: string) => (await table(`${query}&itemsPerPage=500&page=1`)).body;

describe('keyset paging of the patient table', () => {
  it('walks every order in both directions exactly as the offset order, with ties, deleted patients and filters', async () => {
    const tag = `KS${randomUUID().slice(0, 8)}`;
    // Three registration days and two locations for 14 patients: most rows tie on the key of the day and location orders.
    const ids = await enrol(
      tag,
      Array.from({ length: 14 }, (_, i) => ({
        name: `p${String((i * 5) % 14).padStart(2, '0')}`,
        date: ['2024-03-05', '2023-11-20', '2024-03-05'][i % 3] ?? '',
        location: i % 2 === 0 ? '1001' : '2002',
      })),
    );
    const deleted = ids[3] ?? '';
    expect((await dataManager.send('DELETE', `StudyPatient/${deleted}?reasonOfChange=Doppelt%20angelegt`)).status).toBe(204);

    const filters = [`search=${tag}`, `search=${tag}&includeDeleted=true`, `search=${tag}&filterIsDiginet=true`];
    for (const filter of filters) {
      for (const sortBy of ['pseudonym', 'registrationDate', 'institute']) {
        const [ascending, descending] = await Promise.all(
          [false, true].map(async (sortDesc) => {
            const query = `${filter}&sortBy=${sortBy}&sortDesc=${sortDesc}`;
            const expected = await offsetOrder(query);
            const walked = await walkByTokens(query, 3);
            expect(walked.ids, query).toEqual(expected.items.map((item) => item.id));
            expect(new Set(walked.ids).size).toBe(walked.ids.length);
            // The count is the list's, whichever page is read.
            expect(new Set(walked.counts)).toEqual(new Set([expected.totalCount]));
            return walked.ids;
          }),
        );
        // The id breaks ties in the order's direction, so the descending order is the ascending one reversed.
        expect(descending).toEqual([...(ascending ?? [])].reverse());
      }
    }
    const all = (await offsetOrder(`search=${tag}&includeDeleted=true`)).items.map((item) => item.id);
    const live = (await offsetOrder(`search=${tag}`)).items.map((item) => item.id);
    expect([all.length, live.length]).toEqual([14, 13]);
    expect(live).not.toContain(deleted);
    const diginet = (await offsetOrder(`search=${tag}&filterIsDiginet=true`)).items.map((item) => item.id);
    expect(diginet.sort()).toEqual(ids.filter((id, i) => i % 2 === 0 && id !== deleted).sort());
  });

  it('is not shifted by a patient inserted before its token, as the offset page is', async () => {
    const tag = `KS${randomUUID().slice(0, 8)}`;
    await enrol(
      tag,
      ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((name, i) => ({ name, date: `2024-01-0${i + 1}`, location: '1001' })),
    );
    for (const sort of ['sortBy=pseudonym', 'sortBy=registrationDate&sortDesc=true']) {
      const query = `search=${tag}&${sort}&itemsPerPage=3`;
      const first = (await table(`${query}&page=1`)).body.items;
      const second = (await table(`${query}&page=2`)).body.items.map((item) => item.id);
      // Sorts first by name and, descending, by the latest day.
      await enrol(tag, [{ name: sort.includes('pseudonym') ? 'a0' : 'c9', date: '2024-12-31', location: '1001' }]);
      const byToken = (await table(`${query}${after(first.at(-1)?.cursor)}`)).body.items.map((item) => item.id);
      expect(byToken).toEqual(second);
      const byOffset = (await table(`${query}&page=2`)).body.items.map((item) => item.id);
      expect(byOffset[0]).toBe(first.at(-1)?.id);
    }
  });

  it('refuses a malformed or foreign token, and a token with a page beyond the first, with a German message', async () => {
    const tag = `KS${randomUUID().slice(0, 8)}`;
    await enrol(tag, [
      { name: 'c1', date: '2024-02-01', location: '1001' },
      { name: 'c2', date: '2024-02-02', location: '2002' },
    ]);
    const token = (await table(`search=${tag}&sortBy=pseudonym`)).body.items[0]?.cursor ?? '';
    expect((await table(`search=${tag}&sortBy=pseudonym${after(token)}&page=1`)).status).toBe(200);
    const altered = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    const refusals = [
      [`search=${tag}&sortBy=pseudonym&after=kaputt`, 'Listenposition'],
      [`search=${tag}&sortBy=pseudonym${after(token.slice(0, 30))}`, 'Listenposition'],
      [`search=${tag}&sortBy=pseudonym${after(`${token}+`)}`, 'Listenposition'],
      [`search=${tag}&sortBy=pseudonym${after(altered)}`, 'anderen Liste'],
      [`search=${tag}&sortBy=pseudonym&sortDesc=true${after(token)}`, 'anderen Liste'],
      [`search=${tag}&sortBy=institute${after(token)}`, 'anderen Liste'],
      [`search=${tag}&sortBy=pseudonym&filterIsDiginet=true${after(token)}`, 'anderen Liste'],
      [`search=${tag}&sortBy=pseudonym${after(token)}&page=2`, 'schließen einander aus'],
    ] as const;
    for (const [query, text] of refusals) {
      const refused = await dataManager.get<Refusal>(`NngmStudyPatient/study/${registry.studyId}/my?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ code: 'ECRF_ERR_VALIDATION', fieldErrors: [{ field: 'after' }] });
      expect(refused.body.message).toContain(text);
    }
    // The assigned patients are another list.
    const consultant = await createTestUser(backend.database, { role: 'Consultant', institutes: ['1001'] });
    const assigned = api(backend.app, (await signIn(backend.app, consultant.userName, consultant.password)).token);
    const foreign = await assigned.get<Refusal>(`NngmStudyPatient/study/${registry.studyId}/myAssigned?search=${tag}${after(token)}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('anderen Liste');
  });
});
