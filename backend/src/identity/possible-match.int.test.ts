/**
 * The clerical review list (issue 17) against the real pseudonymisation service (in-process, EpiLink, so a
 * hand-made near-duplicate is a possible match) and the real backend database: the pair as study patients,
 * scoping by the caller's visibility, the decision with its audit row, 403 without the right, 404.
 */
import { randomInt } from 'node:crypto';
import { createService, DEV_API_KEY, type Service } from '@ecrf/mainzelliste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/services.mjs';
import { api, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { RoleIdentifier } from '../rights/role-rights.js';

type Started = Service & { url: string };
type Side = { studyPatientId: string; patientId: string; pseudonym: string };
type Pair = { tentative: Side; candidate: Side };

let service: Started;
let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: Api;
let physician: Api;
let masterDataManager: Api;

async function user(role: RoleIdentifier, institutes: string[]): Promise<Api> {
  const created = await createTestUser(backend.database, { role, institutes });
  return api(backend.app, (await signIn(backend.app, created.userName, created.password)).token);
}

beforeAll(async () => {
  const started = await createService({ DATA_DIR: 'memory://', MAINZELLISTE_API_KEY: DEV_API_KEY, MAINZELLISTE_MATCHER: 'epilink' });
  service = { ...started, url: await started.app.listen({ port: await freePort(), host: '127.0.0.1' }) };
  backend = await createTestBackend({ mainzelliste: { url: service.url, apiKey: DEV_API_KEY } });
  registry = await demoRegistry(backend.database);
  [dataManager, physician, masterDataManager] = await Promise.all([
    user('DataManager', ['1001']),
    user('Physician', ['1001']),
    user('MasterDataManager', ['2002']),
  ]);
});
afterAll(async () => {
  await backend.close();
  await service.close();
});

const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (length: number): string => Array.from({ length }, () => letters.charAt(randomInt(26))).join('');

/** A fresh identity without insurance number; random names so it matches no other test's. */
const identity = (): Record<string, string> => ({
  vorname: `Berta${word(5)}`,
  nachname: `Nowak${word(8)}`,
  geburtstag: '12',
  geburtsmonat: '05',
  geburtsjahr: String(randomInt(1930, 2005)),
  geschlecht: 'W',
  strasse: `Ringstraße ${randomInt(1, 200)}`,
  plz: '45127',
  ort: 'Essen',
});

/** Registers the identity at location 1001 as the gateway does: stored at the service, then created in the registry. */
async function register(fields: Record<string, string>): Promise<string> {
  const token = await dataManager.send<{ tokenId: string }>('POST', 'Mainzelliste/createPatientSessionAndToken', { type: 'addPatient' });
  const stored = await fetch(`${service.url}/patients?tokenId=${token.body.tokenId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', mainzellisteApiVersion: '3.2' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(stored.status).toBe(201);
  const pseudonym = ((await stored.json()) as { idString: string }[])[0]?.idString ?? '';
  const created = await dataManager.send('POST', 'Mainzelliste/createPatient?tokenId=used-token', {
    studyId: registry.studyId,
    studyInstituteId: registry.locationOf('1001'),
    pseudonym,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return pseudonym;
}

/** A person and a near-duplicate of them confirmed as a new patient: the service holds the pair open. */
async function openPair(): Promise<{ original: string; tentative: string }> {
  const first = identity();
  const original = await register(first);
  const tentative = await register({ ...first, plz: '45130', sureness: 'true' });
  return { original, tentative };
}

const pairsOf = async (client: Api) => {
  const answer = await client.get<{ items: Pair[] }>('PossibleMatch');
  expect(answer.status).toBe(200);
  return answer.body.items;
};

describe('the review list of possible matches', () => {
  it('lists the pair as the two study patients, for whoever may see both', async () => {
    const { original, tentative } = await openPair();
    const pair = (await pairsOf(dataManager)).find((item) => item.tentative.pseudonym === tentative);
    expect(pair?.candidate.pseudonym).toBe(original);
    expect(pair?.tentative.studyPatientId).toEqual(expect.any(String));
    expect(pair?.tentative.studyPatientId).not.toBe(pair?.candidate.studyPatientId);
  });

  it('lists the pair for a holder of the right at another location, who reads all patients', async () => {
    const { tentative } = await openPair();
    expect((await pairsOf(masterDataManager)).map((item) => item.tentative.pseudonym)).toContain(tentative);
  });

  it('refuses callers without the right (403) and unknown pairs (404)', async () => {
    expect((await physician.get('PossibleMatch')).status).toBe(403);
    expect((await physician.send('PUT', 'PossibleMatch/ABCDEFGH', { decision: 'apart', reasonForChange: 'geprüft' })).status).toBe(403);
    expect((await dataManager.send('PUT', 'PossibleMatch/ABCDEFGH', { decision: 'apart', reasonForChange: 'geprüft' })).status).toBe(404);
  });

  it('decides a pair: it leaves the list, and the decision is audited with reason and pseudonyms, without IDAT', async () => {
    const { original, tentative } = await openPair();
    const decided = await dataManager.send('PUT', `PossibleMatch/${tentative}`, { decision: 'apart', reasonForChange: 'Geschwister' });
    expect(decided.status).toBe(204);
    expect((await pairsOf(dataManager)).map((item) => item.tentative.pseudonym)).not.toContain(tentative);
    expect((await dataManager.send('PUT', `PossibleMatch/${tentative}`, { decision: 'same', reasonForChange: 'nochmal' })).status).toBe(
      404,
    );
    // The database may hold decisions of earlier runs: this decision is the one on this run's fresh pseudonym.
    const rows = (
      await backend.database.db.selectFrom('audit_trail').selectAll().where('event', '=', 'PossibleMatchDecided').execute()
    ).filter((row) => JSON.stringify(row.new_value).includes(tentative));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBe('Geschwister');
    expect(rows[0]?.new_value).toEqual({ tentative, candidate: original, decision: 'apart' });
    expect(rows[0]?.role_identifier).toBe('DataManager');
    expect(JSON.stringify(rows[0])).not.toMatch(/Berta|Nowak|Essen/);
  });
});
