/** The query of the access trail: appending a row (the table refuses every other change, migration 0002). */
import type { Insertable, Kysely } from 'kysely';
import type { AuditEventTable, DB } from '../__generated__/database.js';

export async function insertAuditEvent(db: Kysely<DB>, event: Insertable<AuditEventTable>): Promise<void> {
  await db.insertInto('audit_event').values(event).execute();
}
