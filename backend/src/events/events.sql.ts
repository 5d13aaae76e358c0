/**
 * The outbox of domain events (docs/backend.md "Queries, verification flags and events"). Readers see only
 * rows below the oldest running transaction (`pg_snapshot_xmin`): a row with a smaller id may still be
 * written by a transaction that has not committed, but no transaction older than that horizon can.
 */
import { sql, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { DB, DomainEventTable } from '../__generated__/database.js';

export type DomainEventRow = Selectable<DomainEventTable>;

/** A position in the stream: the writer's transaction id and the row id, compared as a pair. */
export type EventCursor = { xid: string; id: string };

/** The channel writers notify in their transaction; PostgreSQL delivers the notification at commit. */
export const EVENT_CHANNEL = 'domain_event';

const deliverable = sql<SqlBool>`xid < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;
const after = (cursor: EventCursor) => sql<SqlBool>`(xid, id) > (${cursor.xid}::bigint, ${cursor.id}::bigint)`;

export async function insertEvent(db: Kysely<DB>, event: Insertable<DomainEventTable>): Promise<void> {
  await db.insertInto('domain_event').values(event).execute();
  await sql`SELECT pg_notify(${EVENT_CHANNEL}, '')`.execute(db);
}

/** The deliverable events after the cursor (from the start without one), in (xid, id) order. */
export async function findEventsAfter(db: Kysely<DB>, cursor: EventCursor | null, limit: number): Promise<DomainEventRow[]> {
  let query = db.selectFrom('domain_event').selectAll().where(deliverable);
  if (cursor) query = query.where(after(cursor));
  return query.orderBy('xid').orderBy('id').limit(limit).execute();
}

/** The newest deliverable event's position. */
export async function findHead(db: Kysely<DB>): Promise<EventCursor | null> {
  const row = await db
    .selectFrom('domain_event')
    .select(['xid', 'id'])
    .where(deliverable)
    .orderBy('xid', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { xid: String(row.xid), id: String(row.id) } : null;
}

/** Whether committed events wait behind an older transaction still running (then readers look again soon). */
export async function hasHeldBackEvents(db: Kysely<DB>, cursor: EventCursor | null): Promise<boolean> {
  let query = db
    .selectFrom('domain_event')
    .select('id')
    .where(sql<SqlBool>`NOT (${deliverable})`);
  if (cursor) query = query.where(after(cursor));
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
