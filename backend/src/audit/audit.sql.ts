/** The audit trail's queries: appending a row, and reads shaped as the API's AuditEntry (filters map to the indexed columns). */
import type { Insertable, Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { AuditTrailTable, DB } from '../__generated__/database.js';

export const AuditEntry = Type.Object({
  id: Type.String({ description: 'sequence number of the entry' }),
  occurredAt: Type.String({ format: 'date-time' }),
  userId: Type.Union([Type.String(), Type.Null()]),
  userName: Type.String({ description: "who; 'system' for seeding, 'anonymous' before sign-in" }),
  tableName: Type.String(),
  recordId: Type.Union([Type.String(), Type.Null()]),
  operation: Type.Union([Type.Literal('Create'), Type.Literal('Update'), Type.Literal('Delete')]),
  event: Type.Union([Type.String(), Type.Null()], { description: 'security event name (SignInFailed, PasswordChanged, …)' }),
  oldValue: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  newValue: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type AuditEntryDto = Static<typeof AuditEntry>;
export type AuditOperation = AuditTrailTable['operation'];

export type AuditFilter = {
  ids?: string[];
  userId?: string;
  tableName?: string;
  recordId?: string;
  operation?: AuditOperation;
  from?: string;
  to?: string;
};
type Paging = { page?: number; itemsPerPage?: number; newestFirst: boolean };

export async function findAuditEntries(
  db: Kysely<DB>,
  filter: AuditFilter,
  paging: Paging,
): Promise<{ items: AuditEntryDto[]; totalCount: number }> {
  let query = db.selectFrom('audit_trail');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (filter.userId) query = query.where('user_id', '=', filter.userId);
  if (filter.tableName) query = query.where('table_name', '=', filter.tableName);
  if (filter.recordId) query = query.where('record_id', '=', filter.recordId);
  if (filter.operation) query = query.where('operation', '=', filter.operation);
  if (filter.from) query = query.where('occurred_at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('occurred_at', '<', new Date(filter.to));
  const direction = paging.newestFirst ? 'desc' : 'asc';
  let rowsQuery = query.selectAll().orderBy('id', direction);
  if (paging.itemsPerPage) rowsQuery = rowsQuery.limit(paging.itemsPerPage).offset(((paging.page ?? 1) - 1) * paging.itemsPerPage);
  const [rows, total] = await Promise.all([
    rowsQuery.execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    totalCount: Number(total.n),
    items: rows.map((row) => ({
      id: String(row.id),
      occurredAt: row.occurred_at.toISOString(),
      userId: row.user_id,
      userName: row.user_name,
      tableName: row.table_name,
      recordId: row.record_id,
      operation: row.operation,
      event: row.event,
      oldValue: row.old_value,
      newValue: row.new_value,
      reason: row.reason,
    })),
  };
}

/** Appends one row; the table refuses every other change (migration 0002). */
export async function insertAuditEntry(db: Kysely<DB>, row: Insertable<AuditTrailTable>): Promise<void> {
  await db.insertInto('audit_trail').values(row).execute();
}
