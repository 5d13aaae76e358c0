/**
 * The domain event outbox and its stream on the real database: events commit and roll back with their
 * change, GET /events needs the key, resumes after Last-Event-ID with exactly the later events, ends when
 * the server closes, and (on PostgreSQL, where transactions run side by side) never skips an event whose
 * id was drawn before a slower transaction committed: delivery follows (xid, id).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_EVENTS_API_KEY } from '../config/config.js';
import type { DataQueryDto } from '../data-queries/data-queries.schemas.js';
import { api, createPatientWithBaseline, demoRegistry, type Api, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { bearer, createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { recordEvent, type WireEvent } from './domain-events.js';

let backend: TestBackend;
let registry: DemoRegistry;
let dataManager: Api;
let baseUrl: string;
let studyPatientId: string;

type Since = { events: WireEvent[]; head: string | null };
const key = { 'x-events-key': DEV_EVENTS_API_KEY };

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
  const manager = await createTestUser(backend.database, { role: 'DataManager', institutes: ['1001'] });
  dataManager = api(backend.app, (await signIn(backend.app, manager.userName, manager.password)).token);
  ({ studyPatientId } = await createPatientWithBaseline(dataManager, registry));
  baseUrl = await backend.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => backend.close());

async function since(after?: string): Promise<Since> {
  const response = await backend.app.inject({
    method: 'GET',
    url: `/api/v1.0/events/since${after ? `?after=${after}` : ''}`,
    headers: key,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Since>();
}

/**
 * The events after `after` once `complete` holds for them: an event is deliverable only when every older writing
 * transaction on the PostgreSQL server has ended (docs/backend.md "The event stream"), and test files running beside this
 * one write in databases of the same server.
 */
async function sinceOnce(complete: (events: WireEvent[]) => boolean, after?: string): Promise<Since> {
  let answer = await since(after);
  for (let i = 0; i < 200 && !complete(answer.events); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await since(after);
  }
  return answer;
}

/** The head once every event committed so far is deliverable: a marker written now is delivered after all of them. */
async function settledHead(): Promise<string | null> {
  const start = (await since()).head ?? undefined;
  const marker = randomUUID();
  await backend.database.db.transaction().execute((trx) =>
    recordEvent(trx, {
      type: 'StudyPatientRegistered',
      studyId: marker,
      studyPatientId: null,
      studyInstituteId: registry.locationOf('1001'),
      payload: {},
    }),
  );
  return (await sinceOnce((events) => events.some((e) => e.studyId === marker), start)).head;
}

async function raiseQuery(title: string): Promise<string> {
  const created = await dataManager.send<DataQueryDto>('POST', `Query/patient/${studyPatientId}`, {
    queryTypeIdentifier: 'plausibility',
    title,
    text: 'Bitte prüfen.',
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** An open SSE stream: the events received so far, a wait for the next ones, and a way to drop it. */
async function openStream(base: string, lastEventId: string | null) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1.0/events`, {
    headers: { ...key, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const received: { id: string; event: string; data: WireEvent }[] = [];
  if (!response.body) throw new Error('the stream has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            frame
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.id) received.push({ id: fields.id, event: fields.event ?? '', data: JSON.parse(fields.data ?? '{}') as WireEvent });
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      ended = true;
    }
  })();
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  };
  return {
    received,
    waitFor: async (count: number) => {
      await until(() => received.length >= count || ended);
      return received;
    },
    waitForEnd: async () => {
      await until(() => ended);
      await pump;
      return ended;
    },
    drop: async () => {
      controller.abort();
      await pump;
    },
  };
}

describe('the event stream', () => {
  it('refuses callers without the key, also with a valid bearer token', async () => {
    const superAdmin = await createTestUser(backend.database, { role: 'SuperAdmin' });
    const token = (await signIn(backend.app, superAdmin.userName, superAdmin.password)).token;
    for (const url of ['/api/v1.0/events', '/api/v1.0/events/since']) {
      for (const headers of [{}, { 'x-events-key': 'wrong' }, bearer(token)]) {
        const response = await backend.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(401);
        expect(response.json<{ code: string }>().code).toBe('ECRF_ERR_UNAUTHENTICATED');
      }
    }
    expect((await backend.app.inject({ method: 'GET', url: '/api/v1.0/events/since?after=abc', headers: key })).statusCode).toBe(400);
  });

  it('writes an event with its change and rolls it back with it', async () => {
    const studyId = randomUUID();
    const event = { studyId, studyPatientId: null, studyInstituteId: registry.locationOf('1001') };
    // Read from the head on: the stream's first page (1,000 events) of a database other files wrote in may end before.
    const start = (await since()).head ?? undefined;
    await expect(
      backend.database.db.transaction().execute(async (trx) => {
        await recordEvent(trx, { ...event, type: 'StudyPatientRegistered', payload: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await backend.database.db.transaction().execute((trx) => recordEvent(trx, { ...event, type: 'StudyPatientRegistered', payload: {} }));
    // The rolled-back event would have come first (its transaction began first).
    const mine = (await sinceOnce((events) => events.some((e) => e.studyId === studyId), start)).events.filter(
      (e) => e.studyId === studyId,
    );
    expect(mine).toHaveLength(1);

    const before = (await since()).head;
    const stale = await dataManager.send('PUT', `Query/${await raiseQuery('Zurückgewiesen')}/accept`, { version: 7 });
    expect(stale.status).toBe(409);
    const after = await sinceOnce((events) => events.length > 0, before ?? undefined);
    expect(after.events.map((e) => e.payload.action)).toEqual(['CREATE']);
  });

  it('replays exactly the events after Last-Event-ID, then streams live ones, and resumes after a drop', async () => {
    const head = await settledHead();
    expect(head).toMatch(/^\d+-\d+$/);
    const a = await raiseQuery('A');
    const first = await openStream(baseUrl, head);
    expect((await first.waitFor(1)).map((e) => e.data.payload.queryId)).toEqual([a]);
    const b = await raiseQuery('B');
    const seen = await first.waitFor(2);
    expect(seen.map((e) => e.data.payload.queryId)).toEqual([a, b]);
    expect(seen.map((e) => e.event)).toEqual(['DataQueryChanged', 'DataQueryChanged']);
    expect(seen[1]?.data).toMatchObject({
      type: 'DataQueryChanged',
      studyId: registry.studyId,
      studyPatientId,
      studyInstituteId: registry.locationOf('1001'),
    });
    await first.drop();

    const c = await raiseQuery('C');
    const second = await openStream(baseUrl, seen[1]?.id ?? null);
    expect((await second.waitFor(1)).map((e) => e.data.payload.queryId)).toEqual([c]);
    const d = await raiseQuery('D');
    expect((await second.waitFor(2)).map((e) => e.data.payload.queryId)).toEqual([c, d]);
    await second.drop();

    const fromHead = await openStream(baseUrl, null);
    const e = await raiseQuery('E');
    expect((await fromHead.waitFor(1)).map((event) => event.data.payload.queryId)).toEqual([e]);
    await fromHead.drop();
    const replay = await sinceOnce((events) => events.length >= 5, head ?? undefined);
    expect(replay.events.map((event) => event.payload.queryId)).toEqual([a, b, c, d, e]);
    expect(replay.head).toBe(replay.events.at(-1)?.id);
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestBackend();
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, null);
    await other.close();
    expect(await stream.waitForEnd()).toBe(true);
  });
});

const postgres = process.env.DATABASE_URL ? [['PostgreSQL']] : [];

describe.each(postgres)('delivery order on %s', () => {
  it('holds back an event while an older transaction runs and delivers by (xid, id), not by id', async () => {
    const { db } = backend.database;
    const studyId = randomUUID();
    // The payload's visitId labels the two events; they are not about a real visit.
    const event = (label: string) => ({
      type: 'DocumentationSaved' as const,
      studyId,
      studyPatientId: null,
      studyInstituteId: registry.locationOf('1001'),
      payload: { visitId: label, instrumentId: null },
    });
    const head = (await since()).head ?? undefined;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const xidTaken = new Promise<void>((resolve) => (started = resolve));
    // The older transaction takes its id first but writes its event (and draws the row id) last.
    const older = db.transaction().execute(async (trx) => {
      await sql`SELECT pg_current_xact_id()`.execute(trx);
      started();
      await released;
      await recordEvent(trx, event('older'));
    });
    await xidTaken;
    await db.transaction().execute((trx) => recordEvent(trx, event('younger')));
    const whileOpen = (await since(head)).events.filter((e) => e.studyId === studyId);
    expect(whileOpen).toEqual([]);
    release();
    await older;
    const mine = (events: WireEvent[]) => events.filter((e) => e.studyId === studyId);
    const delivered = mine((await sinceOnce((events) => mine(events).length >= 2, head)).events);
    expect(delivered.map((e) => e.payload.visitId)).toEqual(['older', 'younger']);
    const [olderId, youngerId] = delivered.map((e) => e.id.split('-').map(BigInt));
    expect(olderId?.[1]).toBeGreaterThan(youngerId?.[1] ?? 0n);
    expect(olderId?.[0]).toBeLessThan(youngerId?.[0] ?? 0n);
  });
});
