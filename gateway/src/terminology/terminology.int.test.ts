/**
 * Terminology through the gateway against a real backend (ecrf-calls.md §7 "Terminology"): the connection pages
 * and searches the backend's collection, one code is read through the loader, unknown ones are null, and the
 * diagnosis form's fields name the collection they pick from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';

let harness: Harness;
let token: string;
beforeAll(async () => {
  harness = await startHarness();
  token = (await harness.signIn('physician')).token;
});
afterAll(async () => {
  await harness?.close();
});

type Page = {
  terminology: {
    name: string;
    version: string | null;
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: { node: { code: string; display: string; parent: string | null } }[];
  } | null;
};
const PAGE = `query($collection: String!, $search: String, $first: Int, $after: String) {
  terminology(collection: $collection, search: $search, first: $first, after: $after) {
    name version totalCount pageInfo { hasNextPage endCursor } edges { node { code display parent } }
  }
}`;
const codesOf = (page: Page) => page.terminology?.edges.map((e) => e.node.code);

describe('terminology in the graph', () => {
  it('pages a collection forward with its cursors', async () => {
    const first = await harness.request<Page>(PAGE, { collection: 'icd-10-gm', first: 4 }, token);
    expect(first.errors).toBeUndefined();
    expect(first.data?.terminology).toMatchObject({ name: 'ICD-10-GM', version: '2025', totalCount: 6, pageInfo: { hasNextPage: true } });
    expect(codesOf(first.data as Page)).toEqual(['C34.0', 'C34.1', 'C34.2', 'C34.3']);
    const after = first.data?.terminology?.pageInfo.endCursor;
    const rest = await harness.request<Page>(PAGE, { collection: 'icd-10-gm', first: 4, after }, token);
    expect(codesOf(rest.data as Page)).toEqual(['C34.8', 'C34.9']);
    expect(rest.data?.terminology?.pageInfo.hasNextPage).toBe(false);
  });

  it('searches code and German text, ignoring case and umlauts', async () => {
    const found = await harness.request<Page>(PAGE, { collection: 'icd-o-3-morphology', search: 'grosszellig' }, token);
    expect(found.data?.terminology?.edges.map((e) => e.node)).toEqual([
      { code: '8012/3', display: 'Großzelliges Karzinom o. n. A.', parent: null },
      { code: '8013/3', display: 'Großzelliges neuroendokrines Karzinom', parent: null },
    ]);
    const byCode = await harness.request<Page>(PAGE, { collection: 'icd-10-gm', search: 'c34.1' }, token);
    expect(codesOf(byCode.data as Page)).toEqual(['C34.1']);
  });

  it('reads one code, a slash in it too, and answers null for an unknown code or collection', async () => {
    const CODE = 'query($c: String!, $code: String!) { terminologyCode(collection: $c, code: $code) { code display parent } }';
    const lepidic = await harness.request<{ terminologyCode: unknown }>(CODE, { c: 'icd-o-3-morphology', code: '8250/3' }, token);
    expect(lepidic.data?.terminologyCode).toEqual({ code: '8250/3', display: 'Lepidisches Adenokarzinom', parent: '8140/3' });
    const unknown = await harness.request<{ terminologyCode: unknown }>(CODE, { c: 'icd-10-gm', code: 'C35' }, token);
    expect(unknown).toMatchObject({ data: { terminologyCode: null } });
    expect(unknown.errors).toBeUndefined();
    const noCollection = await harness.request<Page>(PAGE, { collection: 'loinc' }, token);
    expect(noCollection.data?.terminology).toBeNull();
  });

  it('names the collection each field of the diagnosis form picks from', async () => {
    type Instrument = { identifier: string; fields: { identifier: string; terminology: string | null }[] };
    const answer = await harness.request<{ studyDefinitions: { currentVersion: { visits: { instruments: Instrument[] }[] } }[] }>(
      '{ studyDefinitions { currentVersion { visits { instruments { identifier fields { identifier terminology } } } } } }',
      {},
      token,
    );
    expect(answer.errors).toBeUndefined();
    const diagnosis = answer.data?.studyDefinitions
      .flatMap((d) => d.currentVersion.visits.flatMap((v) => v.instruments))
      .find((i) => i.identifier === 'diagnosis');
    expect(diagnosis?.fields.filter((f) => f.terminology)).toEqual([
      { identifier: 'icd10', terminology: 'icd-10-gm' },
      { identifier: 'morphology_code', terminology: 'icd-o-3-morphology' },
    ]);
  });
});
