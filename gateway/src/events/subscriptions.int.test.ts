/**
 * Subscriptions end to end: a real backend (PostgreSQL or PGlite) and its event stream, the gateway's
 * fan-out in memory, and a real graphql-ws client. Every subscription starts at the stream's head (`after`),
 * so nothing depends on when the server registers it. "Never receives" is shown by a later event the
 * subscriber does receive: events arrive in order, so an earlier one left out was refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';
import { queryFixtures } from '../test-support/query-fixtures.js';
import { subscribe, wsClient } from '../test-support/subscriptions.js';

let harness: Harness;
let patients: PatientFixtures;
let queries: ReturnType<typeof queryFixtures>;
let dataManager: string;
let patientA: string;
let patientB: string;

beforeAll(async () => {
  harness = await startHarness();
  const superAdmin = (await harness.signIn('superadmin')).token;
  patients = patientFixtures(harness, superAdmin);
  queries = queryFixtures(harness, (await harness.signIn('adminnngm')).token);
  dataManager = (await harness.signIn('datamanager')).token;
  patientA = await patients.createPatient('1001');
  patientB = await patients.createPatient('3003');
});
afterAll(async () => {
  await harness?.close();
});

type QueryUpdate = {
  dataQueryUpdated: { eventId: string; change: string; action: string; dataQuery: { id: string; title: string; status: string } };
};
const QUERY_UPDATES = `subscription($filter: DataQueryUpdateFilter, $after: String) {
  dataQueryUpdated(filter: $filter, after: $after) { eventId change action dataQuery { id title status } }
}`;
const titles = (received: { data?: QueryUpdate | null }[]) => received.map((r) => r.data?.dataQueryUpdated.dataQuery.title);

describe('dataQueryUpdated', () => {
  it('sends a subscriber at location A no event of location B, while a subscriber at B receives it', async () => {
    const [atA, atB] = await Promise.all([queries.userAt('Physician', ['1001']), queries.userAt('Physician', ['3003'])]);
    const after = await queries.eventHead();
    const clientA = wsClient(harness.url, atA);
    const clientB = wsClient(harness.url, atB);
    const a = subscribe<QueryUpdate>(clientA, QUERY_UPDATES, { after });
    const b = subscribe<QueryUpdate>(clientB, QUERY_UPDATES, { after });
    await queries.raise(dataManager, patientB, 'plausibility', 'B1');
    await queries.raise(dataManager, patientA, 'plausibility', 'A1');
    await queries.raise(dataManager, patientB, 'plausibility', 'B2');
    await queries.raise(dataManager, patientA, 'plausibility', 'A2');
    expect(titles(await a.waitFor(2))).toEqual(['A1', 'A2']);
    expect(titles(await b.waitFor(2))).toEqual(['B1', 'B2']);
    expect(a.received[0]?.data?.dataQueryUpdated).toMatchObject({ change: 'CREATED', action: 'CREATE' });
    await Promise.all([clientA.dispose(), clientB.dispose()]);
  });

  it('sends a subscriber that drops and reconnects with its last eventId every event it missed, once each, in order', async () => {
    const physician = await queries.userAt('Physician', ['1001']);
    const after = await queries.eventHead();
    const first = wsClient(harness.url, physician);
    const before = subscribe<QueryUpdate>(first, QUERY_UPDATES, { after });
    const q1 = await queries.raise(dataManager, patientA, 'plausibility', 'R1');
    const [seen] = await before.waitFor(1);
    const last = seen?.data?.dataQueryUpdated.eventId ?? '';
    await first.dispose();

    // Missed while away: a new query, an answer to the first one, another query, and one at B.
    await queries.raise(dataManager, patientA, 'plausibility', 'R2');
    const answered = await harness.request<{ answerDataQuery: { errors: unknown[] } }>(
      'mutation($input: DataQueryActionInput!) { answerDataQuery(input: $input) { errors { code message } } }',
      { input: { id: q1.id, version: q1.version, text: 'Der Wert ist korrekt.' } },
      physician,
    );
    expect(answered.data?.answerDataQuery.errors).toEqual([]);
    await queries.raise(dataManager, patientB, 'plausibility', 'R-B');
    await queries.raise(dataManager, patientA, 'plausibility', 'R3');

    const second = wsClient(harness.url, physician);
    const again = subscribe<QueryUpdate>(second, QUERY_UPDATES, { after: last });
    await again.waitFor(3);
    await queries.raise(dataManager, patientA, 'plausibility', 'R4');
    const received = await again.waitFor(4);
    expect(received.map((r) => [r.data?.dataQueryUpdated.dataQuery.title, r.data?.dataQueryUpdated.action])).toEqual([
      ['R2', 'CREATE'],
      ['R1', 'ANSWER'],
      ['R3', 'CREATE'],
      ['R4', 'CREATE'],
    ]);
    const ids = received.map((r) => r.data?.dataQueryUpdated.eventId);
    expect(new Set(ids).size).toBe(4);
    // R1 was answered while away; the query reads as it is now.
    expect(received[1]?.data?.dataQueryUpdated.dataQuery.status).toBe('PENDING');
    await second.dispose();
  });

  it('sends nothing of a query type whose view list lacks the role', async () => {
    const assistant = (await harness.signIn('documentationassistant')).token;
    const after = await queries.eventHead();
    const client = wsClient(harness.url, assistant);
    const managerClient = wsClient(harness.url, dataManager);
    const updates = subscribe<QueryUpdate>(client, QUERY_UPDATES, { after });
    const managerUpdates = subscribe<QueryUpdate>(managerClient, QUERY_UPDATES, { after });
    // Plausibility queries are not shown to documentation assistants; missing-value queries are.
    await queries.raise(dataManager, patientA, 'plausibility', 'P-hidden');
    await queries.raise(dataManager, patientA, 'missing_value', 'M-shown');
    expect(titles(await updates.waitFor(1))).toEqual(['M-shown']);
    expect(titles(await managerUpdates.waitFor(2))).toEqual(['P-hidden', 'M-shown']);
    await Promise.all([client.dispose(), managerClient.dispose()]);
  });

  it('follows only the filtered patient', async () => {
    const after = await queries.eventHead();
    const client = wsClient(harness.url, dataManager);
    const updates = subscribe<QueryUpdate>(client, QUERY_UPDATES, { after, filter: { studyPatientId: patientB } });
    await queries.raise(dataManager, patientA, 'plausibility', 'F-A');
    await queries.raise(dataManager, patientB, 'plausibility', 'F-B');
    expect(titles(await updates.waitFor(1))).toEqual(['F-B']);
    await client.dispose();
  });

  it('ends the subscription with UNAUTHENTICATED once the subscriber’s token is refused', async () => {
    const { token, userId } = await queries.accountAt('Physician', ['1001']);
    const after = await queries.eventHead();
    const client = wsClient(harness.url, token);
    const updates = subscribe<QueryUpdate>(client, QUERY_UPDATES, { after });
    await queries.raise(dataManager, patientA, 'plausibility', 'while-valid');
    expect(titles(await updates.waitFor(1))).toEqual(['while-valid']);
    await queries.deactivate(userId);
    await queries.raise(dataManager, patientA, 'plausibility', 'after-deactivation');
    await updates.completed;
    expect(updates.received).toHaveLength(2);
    expect(updates.received[1]?.data).toBeNull();
    expect(updates.received[1]?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await client.dispose();
  });

  it('refuses a connection without a valid token, and a malformed `after`', async () => {
    const stranger = subscribe<QueryUpdate>(wsClient(harness.url, 'not-a-token'), QUERY_UPDATES, {});
    await stranger.completed;
    expect(stranger.received).toHaveLength(1);
    expect(stranger.received[0]?.data).toBeUndefined();
    const client = wsClient(harness.url, dataManager);
    const malformed = subscribe<QueryUpdate>(client, QUERY_UPDATES, { after: 'yesterday' });
    await malformed.completed;
    expect(malformed.received[0]?.errors?.[0]?.message).toMatch(/after is not an event id/);
    await client.dispose();
  });
});

type FlagUpdate = { verificationFlagUpdated: { eventId: string; verificationFlag: { state: string; flagType: { identifier: string } } } };
const FLAG_UPDATES = `subscription($studyPatientId: ID!, $after: String) {
  verificationFlagUpdated(studyPatientId: $studyPatientId, after: $after) { eventId verificationFlag { state flagType { identifier } } }
}`;

describe('verificationFlagUpdated', () => {
  it('tells the patient’s subscribers that a verified field was changed, and tells others nothing', async () => {
    const studyPatientId = await patients.createPatient('1001');
    const { visit } = await patients.createVisit(studyPatientId, 'baseline', '2025-02-01');
    const instrument = await patients.createStaging(studyPatientId, visit?.id ?? '');
    const { tnm: tnmId, t } = await queries.stagingFieldIds(instrument.id, dataManager);
    const [atA, atB] = await Promise.all([queries.userAt('Physician', ['1001']), queries.userAt('Physician', ['3003'])]);
    const after = await queries.eventHead();
    const clientA = wsClient(harness.url, atA);
    const clientB = wsClient(harness.url, atB);
    const flags = subscribe<FlagUpdate>(clientA, FLAG_UPDATES, { studyPatientId, after });
    const foreign = subscribe<FlagUpdate>(clientB, FLAG_UPDATES, { studyPatientId, after });

    const set = await harness.request<{ setVerificationFlag: { verificationFlag: { state: string } | null; errors: unknown[] } }>(
      'mutation($input: SetVerificationFlagInput!) { setVerificationFlag(input: $input) { verificationFlag { state } errors { code message } } }',
      { input: { dataFieldId: t, flagTypeIdentifier: 'sdv', verified: true } },
      dataManager,
    );
    expect(set.data?.setVerificationFlag).toEqual({ verificationFlag: { state: 'SET' }, errors: [] });
    const { tnm, t: tKey } = await patients.staging();
    const saved = await harness.request<{ updateInstrument: { errors: unknown[] } }>(
      'mutation($input: UpdateInstrumentInput!) { updateInstrument(input: $input) { errors { code message } } }',
      {
        input: {
          id: instrument.id,
          version: instrument.version,
          fields: [{ id: tnmId, definitionKey: tnm, childFields: [{ id: t, definitionKey: tKey, values: [{ value: '3' }] }] }],
        },
      },
      (await harness.signIn('superadmin')).token,
    );
    expect(saved.data?.updateInstrument.errors).toEqual([]);
    const received = await flags.waitFor(2);
    expect(received.map((r) => r.data?.verificationFlagUpdated.verificationFlag.state)).toEqual(['SET', 'BROKEN']);
    expect(received[0]?.data?.verificationFlagUpdated.verificationFlag.flagType.identifier).toBe('sdv');
    // The subscriber at the other location was never sent one (its patient is at 1001).
    expect(foreign.received).toEqual([]);
    await Promise.all([clientA.dispose(), clientB.dispose()]);
  });
});

type DashboardUpdate = {
  registryDashboardUpdated: { eventId: string; dashboard: { openQueriesByLocation: { location: { identifier: string }; open: number }[] } };
};

describe('registryDashboardUpdated', () => {
  it('sends the dashboard again when a query is raised at a location the viewer sees', async () => {
    const { studyId } = await patients.location('1001');
    const client = wsClient(harness.url, dataManager);
    const updates = subscribe<DashboardUpdate>(
      client,
      `subscription($studyId: ID!) { registryDashboardUpdated(studyId: $studyId) { eventId dashboard { openQueriesByLocation { location { identifier } open } } } }`,
      { studyId },
    );
    // The subscription has no `after`: raise until the first update arrives.
    let raised = 0;
    while (updates.received.length === 0 && raised < 20) {
      await queries.raise(dataManager, patientA, 'plausibility', `D${(raised += 1)}`);
      await updates.waitFor(1, 500).catch(() => undefined);
    }
    const [update] = await updates.waitFor(1);
    const cologne = update?.data?.registryDashboardUpdated.dashboard.openQueriesByLocation.find((l) => l.location.identifier === '1001');
    expect(cologne?.open).toBeGreaterThanOrEqual(raised);
    await client.dispose();
  });
});

describe('the backend stream', () => {
  // A backend restart on a loaded machine takes a while; the gateway retries with backoff meanwhile.
  it('is resumed after its last event when the backend drops it, so a live subscriber misses nothing', async () => {
    const after = await queries.eventHead();
    const client = wsClient(harness.url, dataManager);
    const updates = subscribe<QueryUpdate>(client, QUERY_UPDATES, { after, filter: { studyPatientId: patientA } });
    await queries.raise(dataManager, patientA, 'plausibility', 'before-drop');
    expect(titles(await updates.waitFor(1))).toEqual(['before-drop']);
    await harness.restartBackend();
    await queries.raise(dataManager, patientA, 'plausibility', 'after-drop-1');
    await queries.raise(dataManager, patientA, 'plausibility', 'after-drop-2');
    const received = await updates.waitFor(3, 60_000);
    expect(titles(received)).toEqual(['before-drop', 'after-drop-1', 'after-drop-2']);
    await client.dispose();
  }, 90_000);
});
