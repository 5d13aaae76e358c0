/**
 * GET /events (server-sent events) and GET /events/since (replay pages) for the gateways, authorised by the
 * X-Events-Key header (route access `eventsKey`). A stream starts after `Last-Event-ID` (or `?after=`), or at
 * the head without one; it replays every later deliverable event in (xid, id) order and then waits for
 * wake-ups (event-notifier.ts). Streams end when the app closes, so shutdown never waits on a client.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppDeps } from '../app-deps.js';
import type { Database } from '../db/database.js';
import { EcrfError } from '../errors/errors.js';
import { routeSchema } from '../http/schemas.js';
import { cursorOf, formatCursor, parseCursor, wireEvent } from './domain-events.js';
import { EVENT_POLL_MS, EventNotifier, HELD_BACK_RETRY_MS } from './event-notifier.js';
import { EventsQuerySchema, EventsSinceQuerySchema, EventsSinceSchema } from './events.schemas.js';
import { findEventsAfter, findHead, hasHeldBackEvents, type EventCursor } from './events.sql.js';
import { CONFLICT_MESSAGES } from '../errors/messages.js';

export const PING_MS = 15_000;
const PAGE = 500;
const tags = ['Events'];

export type EventHub = { notifier: EventNotifier; streams: Set<() => void> };

/** Starts the notifier and ties it to the app: writes wake streams, closing ends them. */
export async function createEventHub(app: FastifyInstance, database: Database): Promise<EventHub> {
  const hub: EventHub = { notifier: new EventNotifier(), streams: new Set() };
  await hub.notifier.start(database, (error) => app.log.warn({ err: error }, 'event LISTEN connection failed; polling continues'));
  app.addHook('onResponse', async (request) => {
    // A write's transaction has committed once its answer is sent.
    if (request.method !== 'GET' && request.method !== 'HEAD') hub.notifier.wake();
  });
  app.addHook('preClose', async () => {
    for (const end of [...hub.streams]) end();
    await hub.notifier.close();
  });
  return hub;
}

const badCursor = () => new EcrfError('ECRF_ERR_VALIDATION', CONFLICT_MESSAGES.notAnEventId);

function startCursor(text: string | undefined): EventCursor | null | undefined {
  if (text === undefined || text === '') return undefined;
  const cursor = parseCursor(text);
  if (!cursor) throw badCursor();
  return cursor;
}

async function stream(deps: AppDeps, hub: EventHub, reply: FastifyReply, from: EventCursor | null): Promise<void> {
  const { db } = deps;
  const raw = reply.raw;
  let open = true;
  const end = () => {
    if (!open) return;
    open = false;
    clearInterval(ping);
    hub.streams.delete(end);
    hub.notifier.wake();
    raw.end();
  };
  const ping = setInterval(() => raw.write(': ping\n\n'), PING_MS);
  hub.streams.add(end);
  raw.on('close', end);
  let cursor = from;
  try {
    while (open && !hub.notifier.isClosed) {
      const rows = await findEventsAfter(db, cursor, PAGE);
      for (const row of rows) {
        if (!open) return;
        raw.write(`id: ${formatCursor(cursorOf(row))}\nevent: ${row.type}\ndata: ${JSON.stringify(wireEvent(row))}\n\n`);
        cursor = cursorOf(row);
      }
      if (rows.length === PAGE) continue;
      await hub.notifier.wait((await hasHeldBackEvents(db, cursor)) ? HELD_BACK_RETRY_MS : EVENT_POLL_MS);
    }
  } catch (error) {
    // The database went away (shutdown); the client reconnects with its last event id.
    if (open) reply.log.warn({ err: error }, 'event stream stopped');
  } finally {
    end();
  }
}

export function registerEventRoutes(app: App, deps: AppDeps, hub: EventHub): void {
  app.get(
    '/events',
    {
      config: { access: { eventsKey: true } },
      schema: routeSchema({
        operationId: 'streamEvents',
        tags,
        summary: 'Domain events as server-sent events; resumes after Last-Event-ID (or ?after=), else starts at the head',
        querystring: EventsQuerySchema,
        response: {
          // Documented as what it is, not JSON (the handler writes the stream itself).
          200: Type.Unsafe<string>({
            description: 'the stream: `id: <event id>`, `event: <type>`, `data: <DomainEvent JSON>`',
            content: { 'text/event-stream': { schema: Type.String() } },
          }),
        },
      }),
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const given = startCursor(typeof header === 'string' && header !== '' ? header : request.query.after);
      const from = given === undefined ? await findHead(deps.db) : given;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      reply.raw.write(': stream open\n\n');
      void stream(deps, hub, reply, from);
    },
  );

  app.get(
    '/events/since',
    {
      config: { access: { eventsKey: true } },
      schema: routeSchema({
        operationId: 'getEventsSince',
        tags,
        summary: 'The deliverable events after an event id (from the start without one), oldest first, and the head',
        querystring: EventsSinceQuerySchema,
        response: { 200: EventsSinceSchema },
      }),
    },
    async (request) => {
      const after = startCursor(request.query.after) ?? null;
      const [rows, head] = await Promise.all([findEventsAfter(deps.db, after, request.query.limit ?? 1000), findHead(deps.db)]);
      return { events: rows.map(wireEvent), head: head ? formatCursor(head) : null };
    },
  );
}
