/**
 * The clerical review list (issue 17) against the real pseudonymisation service (in-process, EpiLink, so a
 * hand-made near-duplicate is a possible match) and the real backend database: the pair as study patients,
 * scoping by the caller's visibility, the decision with its audit row, 403 without the right, 404.
 */
import { DEV_API_KEY } from '@ecrf/mainzelliste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { pairFactory, startEpilinkService, type StartedService } from '../test-support/possible-match-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import type { RoleIdentifier } from '../rights/role-rights.js';

let service: StartedService;
let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: Api;
let physician: Api;
let masterDataManager: Api;
let pairs: ReturnType<typeof pairFactory>;

async function user(role: RoleIdentifier, institutes: string[]): Promise<Api> {
  const created = await createTestUser(backend.database, { role, institutes });
  return api(backend.app, (await signIn(backend.app, created.userName, created.password)).token);
}

beforeAll(async () => {
  service = await startEpilinkService();
  backend = await createTestBackend({ mainzelliste: { url: service.url, apiKey: DEV_API_KEY } });
  registry = await demoRegistry(backend.database);
  [dataManager, physician, masterDataManager] = await Promise.all([
    user('DataManager', ['1001']),
    user('Physician', ['1001']),
    user('MasterDataManager', ['2002']),
  ]);
  pairs = pairFactory(service, dataManager, registry);
});
afterAll(async () => {
  await backend.close();
  await service.close();
});

const openPair = () => pairs.openPair();
const pairsOf = (client: Api) => pairs.pairsOf(client);

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
    expect(decided.status).toBe(200);
    expect(decided.body).toEqual({ survivorStudyPatientId: null });
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
