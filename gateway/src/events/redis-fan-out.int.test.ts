/**
 * Two gateways on one Redis (REDIS_URL, default redis://127.0.0.1:6379) in front of one backend: one
 * consumes the backend's stream and publishes; subscribers of both receive each event once; when the
 * consuming gateway closes, the other takes over and resumes after the last published event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures } from '../test-support/patient-fixtures.js';
import { queryFixtures } from '../test-support/query-fixtures.js';
import { subscribe, wsClient } from '../test-support/subscriptions.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let harness: Harness;
let queries: ReturnType<typeof queryFixtures>;
let dataManager: string;
let patient: string;

beforeAll(async () => {
  harness = await startHarness({ redisUrl });
  queries = queryFixtures(harness, (await harness.signIn('adminnngm')).token);
  dataManager = (await harness.signIn('datamanager')).token;
  patient = await patientFixtures(harness, (await harness.signIn('superadmin')).token).createPatient('1001');
});
afterAll(async () => {
  await harness?.close();
});

type QueryUpdate = { dataQueryUpdated: { eventId: string; dataQuery: { title: string } } };
const QUERY_UPDATES = `subscription($after: String) { dataQueryUpdated(after: $after) { eventId dataQuery { title } } }`;
const titles = (received: { data?: QueryUpdate | null }[]) => received.map((r) => r.data?.dataQueryUpdated.dataQuery.title);

describe('fan-out through Redis', () => {
  it('delivers an event consumed by one gateway to a subscriber of the other once, and the other takes over when the first closes', async () => {
    const replica = await harness.startGateway({ redisUrl });
    const after = await queries.eventHead();
    // The first gateway's subscriber starts its bus first, so that gateway takes the consumer lock.
    const firstClient = wsClient(harness.url, dataManager);
    const onFirst = subscribe<QueryUpdate>(firstClient, QUERY_UPDATES, { after });
    await queries.raise(dataManager, patient, 'plausibility', 'warm-up');
    await onFirst.waitFor(1);

    const replicaClient = wsClient(replica.url, dataManager);
    const onReplica = subscribe<QueryUpdate>(replicaClient, QUERY_UPDATES, { after });
    await queries.raise(dataManager, patient, 'plausibility', 'warm-up-2');
    // Once this arrives the replica's replay is over: what follows reaches it through Redis only.
    expect(titles(await onReplica.waitFor(2))).toEqual(['warm-up', 'warm-up-2']);
    await queries.raise(dataManager, patient, 'plausibility', 'R-1');
    await queries.raise(dataManager, patient, 'plausibility', 'R-2');
    expect(titles(await onFirst.waitFor(4))).toEqual(['warm-up', 'warm-up-2', 'R-1', 'R-2']);
    expect(titles(await onReplica.waitFor(4))).toEqual(['warm-up', 'warm-up-2', 'R-1', 'R-2']);

    // The consuming gateway goes away; its subscriber's connection ends with it.
    await firstClient.dispose();
    await harness.closeMainGateway();
    const throughReplica = queryFixtures({ ...harness, request: harness.requestTo(replica.url) }, '');
    await throughReplica.raise(dataManager, patient, 'plausibility', 'after-take-over');
    await throughReplica.raise(dataManager, patient, 'plausibility', 'marker');
    const received = await onReplica.waitFor(6);
    expect(titles(received)).toEqual(['warm-up', 'warm-up-2', 'R-1', 'R-2', 'after-take-over', 'marker']);
    expect(new Set(received.map((r) => r.data?.dataQueryUpdated.eventId)).size).toBe(6);
    await replicaClient.dispose();
    await replica.close();
  });
});
