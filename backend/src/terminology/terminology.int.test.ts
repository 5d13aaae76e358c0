/**
 * Terminology calls (ecrf-calls.md §7): the demo collections (ICD-10-GM C34.x and the ICD-O-3 morphologies of
 * the diagnosis form), search and paging, one code, 404 for what does not exist, and each call's own right.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestBackend,
  createTestUser,
  createUserWithRights,
  signIn,
  type MadeUser,
  type TestBackend,
} from '../test-support/test-backend.js';
import { loadTerminologies } from './terminology-files.js';
import { ACCESS_MESSAGES } from '../errors/messages.js';

type CodePage = {
  collection: string;
  name: string;
  version: string | null;
  totalCount: number;
  items: { code: string; display: string }[];
};

let backend: TestBackend;
let physician: { authorization: string };
const made: MadeUser[] = [];
beforeAll(async () => {
  backend = await createTestBackend();
  const user = await createTestUser(backend.database, { role: 'Physician' });
  physician = bearer((await signIn(backend.app, user.userName, user.password)).token);
});
afterAll(async () => {
  for (const user of made) await user.remove();
  await backend.close();
});

const get = (url: string, headers = physician) => backend.app.inject({ method: 'GET', url: `/api/v1.0${url}`, headers });

describe('terminology collections', () => {
  it('carry the ICD-10-GM codes of the diagnosis field with German texts', async () => {
    const page = (await get('/Terminology/icd-10-gm')).json<CodePage>();
    expect(page).toMatchObject({ collection: 'icd-10-gm', name: 'ICD-10-GM', version: '2025', totalCount: 6 });
    expect(page.items.map((c) => c.code)).toEqual(['C34.0', 'C34.1', 'C34.2', 'C34.3', 'C34.8', 'C34.9']);
    expect(page.items[1]?.display).toBe('Oberlappen (-Bronchus)');
  });

  it('carry every ICD-O-3 morphology the diagnosis form enumerates', async () => {
    const page = (await get('/Terminology/icd-o-3-morphology?itemsPerPage=500')).json<CodePage>();
    const codes = page.items.map((c) => c.code);
    for (const code of ['8140/3', '8070/3', '8046/3', '8041/3', '8012/3', '8013/3', '8560/3']) expect(codes).toContain(code);
  });

  it('search code and text, ignoring case and umlauts, and page the result', async () => {
    const search = async (collection: string, words: string) =>
      (await get(`/Terminology/${collection}?search=${encodeURIComponent(words)}`)).json<CodePage>().items.map((c) => c.code);
    expect(await search('icd-10-gm', 'c34.1')).toEqual(['C34.1']);
    expect(await search('icd-10-gm', 'oberlappen')).toEqual(['C34.1']);
    expect(await search('icd-10-gm', 'UEBERLAPPEND')).toEqual(['C34.8']);
    expect(await search('icd-o-3-morphology', 'grosszellig')).toEqual(['8012/3', '8013/3']);
    expect(await search('icd-o-3-morphology', 'adenosquamos')).toEqual(['8560/3']);
    // Ober-, Mittel- and Unterlappen, and "überlappend"
    const second = (await get('/Terminology/icd-10-gm?search=lappen&page=2&itemsPerPage=3')).json<CodePage>();
    expect(second.totalCount).toBe(4);
    expect(second.items.map((c) => c.code)).toEqual(['C34.8']);
  });

  it('answer one code, codes with a slash URL-encoded, and 404 for an unknown code or collection', async () => {
    expect((await get('/Terminology/icd-10-gm/C34.1')).json()).toEqual({
      code: 'C34.1',
      display: 'Oberlappen (-Bronchus)',
    });
    expect((await get('/Terminology/icd-o-3-morphology/8250%2F3')).json()).toMatchObject({ code: '8250/3', parent: '8140/3' });
    const unknownCode = await get('/Terminology/icd-10-gm/C35.0');
    expect(unknownCode.statusCode).toBe(404);
    expect(unknownCode.json<{ code: string }>().code).toBe('ECRF_ERR_NOT_FOUND');
    expect((await get('/Terminology/loinc')).statusCode).toBe(404);
    expect((await get('/Terminology/loinc/1234-5')).statusCode).toBe(404);
    expect((await get('/Terminology/icd-10-gm?itemsPerPage=0')).statusCode).toBe(400);
  });

  it('refuse each call without its own right', async () => {
    const onlyCode = await createUserWithRights(backend.database, ['TerminologyGetCodeCmd']);
    const onlyCollection = await createUserWithRights(backend.database, ['TerminologyGetCollectionCmd']);
    made.push(onlyCode, onlyCollection);
    const codeCaller = bearer((await signIn(backend.app, onlyCode.userName, onlyCode.password)).token);
    const collectionCaller = bearer((await signIn(backend.app, onlyCollection.userName, onlyCollection.password)).token);
    const refused = await get('/Terminology/icd-10-gm', codeCaller);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(ACCESS_MESSAGES.missingRight('TerminologyGetCollectionCmd'));
    expect((await get('/Terminology/icd-10-gm/C34.1', codeCaller)).statusCode).toBe(200);
    expect((await get('/Terminology/icd-10-gm/C34.1', collectionCaller)).statusCode).toBe(403);
    expect((await get('/Terminology/icd-10-gm', collectionCaller)).statusCode).toBe(200);
    const document = (await backend.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, object> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1.0/Terminology/{collection}', '/api/v1.0/Terminology/{collection}/{code}']),
    );
  });
});

describe('terminology files', () => {
  const dirWith = (files: Record<string, unknown>) => {
    const dir = mkdtempSync(join(tmpdir(), 'ecrf-terminology-'));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
    return dir;
  };

  it('refuse a file with a missing text, a duplicate code or an unknown parent, naming file and problem', () => {
    expect(() => loadTerminologies(dirWith({ 'x.json': { name: 'X', codes: [{ code: 'A' }] } }))).toThrow(/x\.json: \/codes\/0/);
    const twice = {
      name: 'X',
      codes: [
        { code: 'A', display: 'a' },
        { code: 'A', display: 'b' },
      ],
    };
    expect(() => loadTerminologies(dirWith({ 'x.json': twice }))).toThrow('x.json: code A is listed twice');
    const orphan = { name: 'X', codes: [{ code: 'A.1', display: 'a', parent: 'A' }] };
    expect(() => loadTerminologies(dirWith({ 'x.json': orphan }))).toThrow('parent A of A.1 is not a code');
  });
});
