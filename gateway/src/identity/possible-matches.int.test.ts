/**
 * The review list of possible matches in the graph (issue 17) against the real backend (child process) and
 * the real pseudonymisation service (in-process, EpiLink, so a hand-made near-duplicate is a possible
 * match): the pair with both identities side by side for the data manager, the decision that removes it,
 * its typed errors, and FORBIDDEN for a role without the right.
 */
import { randomInt } from 'node:crypto';
import { createService, DEV_API_KEY, type Service } from '@ecrf/mainzelliste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

type Started = Service & { url: string };
let service: Started;
let harness: Harness;
let fixtures: PatientFixtures;
let physician: string;
let dataManager: string;

beforeAll(async () => {
  const started = await createService({ DATA_DIR: 'memory://', MAINZELLISTE_API_KEY: DEV_API_KEY, MAINZELLISTE_MATCHER: 'epilink' });
  service = { ...started, url: await started.app.listen({ port: await freePort(), host: '127.0.0.1' }) };
  harness = await startHarness({ mainzellisteUrl: service.url });
  fixtures = patientFixtures(harness, (await harness.signIn('superadmin')).token);
  // Personas: the physician registers patients; data management reviews the possible matches.
  physician = (await harness.signIn('physician')).token;
  dataManager = (await harness.signIn('datamanager')).token;
});
afterAll(async () => {
  await harness?.close();
  await service?.close();
});

const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number): string => Array.from({ length }, () => letters.charAt(randomInt(26))).join('');
const name = (length: number): string => {
  const letters = word(length);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
};
let pairsOpened = 0;

const REGISTER = `mutation($input: RegisterPatientInput!) { registerPatient(input: $input) { studyPatient { id } errors { code } } }`;

/**
 * Registers a person and then a namesake of them, confirmed as another person: the pair is held open. Each pair
 * has its own names and birth years, so no person of one pair resembles a person of another (a shared name
 * prefix and birth date made the next original a possible match of an earlier person).
 */
async function openPair(): Promise<{ original: string; tentative: string; lastName: string }> {
  const location = await fixtures.location('1001');
  const year = 30 + 2 * pairsOpened++;
  const person = {
    firstName: name(9),
    lastName: name(14),
    birthDate: `19${year}-05-12`,
    gender: 'FEMALE',
    street: `Rüttenscheider Straße ${randomInt(1, 300)}`,
    zip: '45127',
    city: 'Essen',
    insuranceStatus: 'NONE',
  };
  const register = async (identity: typeof person, confirmNewPatient: boolean) => {
    const input = { studyId: location.studyId, locationId: location.id, identity, confirmNewPatient };
    const answer = await fixtures.graph<{ registerPatient: { studyPatient: { id: string } | null } }>(REGISTER, { input }, physician);
    return answer.data.registerPatient.studyPatient?.id ?? '';
  };
  const original = await register(person, false);
  // The same names, another birth date but for its month, another postal code: a namesake the service cannot tell
  // apart, never a definite match however the store has grown (one wrong date part it takes for the same person).
  const tentative = await register({ ...person, birthDate: `19${year + 1}-05-22`, zip: '45130' }, true);
  expect([original, tentative]).not.toContain('');
  return { original, tentative, lastName: person.lastName };
}

type Side = { id: string; pseudonym: string; identity: { lastName: string; zip: string; tentative: boolean } | null };
type Pairs = { possibleMatches: { totalCount: number; edges: { node: { tentative: Side; candidate: Side } }[] } };
const LIST = `{ possibleMatches(first: 50) { totalCount edges { node {
  tentative { id pseudonym identity { lastName zip tentative } } candidate { id pseudonym identity { lastName zip tentative } } } } } }`;
const DECIDE = `mutation($input: DecidePossibleMatchInput!) {
  decidePossibleMatch(input: $input) { tentative { id } survivor { id visits { id } } errors { code message path } } }`;

const pairs = async (token: string) => (await harness.request<Pairs>(LIST, {}, token)).data?.possibleMatches.edges.map((e) => e.node) ?? [];
const decide = async (input: Record<string, unknown>, token = dataManager) =>
  harness.request<{
    decidePossibleMatch: {
      tentative: { id: string } | null;
      survivor: { id: string; visits: { id: string }[] } | null;
      errors: { code: string; message: string; path: string[] }[];
    };
  }>(DECIDE, { input }, token);

describe('possibleMatches', () => {
  it('shows the pair with both identities side by side to the data manager', async () => {
    const { original, tentative, lastName } = await openPair();
    const pair = (await pairs(dataManager)).find((node) => node.tentative.id === tentative);
    expect(pair?.candidate.id).toBe(original);
    expect(pair?.tentative.identity).toEqual({ lastName, zip: '45130', tentative: true });
    expect(pair?.candidate.identity).toEqual({ lastName, zip: '45127', tentative: false });
  });

  it('is FORBIDDEN to a role without the right, for the list and the decision', async () => {
    const { tentative } = await openPair();
    const list = await harness.request<Pairs>(LIST, {}, physician);
    expect(list.data).toBeNull();
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const decided = await decide({ tentativeId: tentative, decision: 'APART', reasonForChange: 'Geschwister' }, physician);
    expect(decided.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await pairs(dataManager)).map((node) => node.tentative.id)).toContain(tentative);
  });

  it('decides a pair with a reason: it leaves the list; a blank reason and a decided pair are typed errors', async () => {
    const { tentative } = await openPair();
    const blank = await decide({ tentativeId: tentative, decision: 'APART', reasonForChange: '  ' });
    expect(blank.data?.decidePossibleMatch.errors).toEqual([
      { code: 'REASON_REQUIRED', message: expect.any(String), path: ['reasonForChange'] },
    ]);
    const decided = await decide({ tentativeId: tentative, decision: 'APART', reasonForChange: 'Geschwister' });
    expect(decided.data?.decidePossibleMatch).toEqual({ tentative: { id: tentative }, survivor: null, errors: [] });
    expect((await pairs(dataManager)).map((node) => node.tentative.id)).not.toContain(tentative);
    const again = await decide({ tentativeId: tentative, decision: 'SAME', reasonForChange: 'nochmal' });
    expect(again.data?.decidePossibleMatch).toEqual({
      tentative: null,
      survivor: null,
      errors: [{ code: 'POSSIBLE_MATCH_NOT_OPEN', message: expect.any(String), path: ['tentativeId'] }],
    });
  });

  it('joins the same person into the stored patient, or names the conflict at the tentative patient', async () => {
    const clash = await openPair();
    await fixtures.createVisit(clash.original, 'baseline', '2023-02-01');
    await fixtures.createVisit(clash.tentative, 'baseline', '2023-03-01');
    const refused = await decide({ tentativeId: clash.tentative, decision: 'SAME', reasonForChange: 'Dieselbe Person' });
    expect(refused.data?.decidePossibleMatch).toEqual({
      tentative: null,
      survivor: null,
      errors: [
        {
          code: 'MERGE_CONFLICT',
          message: expect.stringMatching(/^Die Visite „Baseline“ ist höchstens 1-mal erlaubt/),
          path: ['tentativeId'],
        },
      ],
    });
    expect((await pairs(dataManager)).map((node) => node.tentative.id)).toContain(clash.tentative);

    const { original, tentative } = await openPair();
    expect((await fixtures.createVisit(tentative, 'baseline', '2023-02-01')).errors).toEqual([]);
    const joined = await decide({ tentativeId: tentative, decision: 'SAME', reasonForChange: 'Dieselbe Person' });
    expect(joined.data?.decidePossibleMatch).toMatchObject({ tentative: { id: tentative }, survivor: { id: original }, errors: [] });
    // The tentative patient's baseline now lives on the stored patient, who had none.
    expect(joined.data?.decidePossibleMatch.survivor?.visits).toHaveLength(1);
    type Merged = { studyPatient: { mergedInto: { id: string } | null; isDeleted: boolean; isMerged: boolean } };
    const state = async (id: string) =>
      (
        await harness.request<Merged>(
          'query($id: ID!) { studyPatient(id: $id) { mergedInto { id } isDeleted isMerged } }',
          { id },
          dataManager,
        )
      ).data?.studyPatient;
    expect(await state(tentative)).toEqual({ mergedInto: { id: original }, isDeleted: true, isMerged: true });
    expect(await state(original)).toEqual({ mergedInto: null, isDeleted: false, isMerged: false });
  });
});
