/**
 * A record's state as of any moment, rebuilt from the audit trail alone (issue 15 item 2; EMA GCP guideline on
 * computerised systems 6.2.1: the trail must allow the reconstruction of the data as it was). The per-field rows
 * are replayed in order up to the moment: a Create starts the record, each change sets its fields' new values
 * (a field whose new value is absent was removed), a Delete ends it. Soft deletes are changes of `isDeleted`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { JsonObject } from '../db/json-columns.js';

/** The record's fields at `at` as its audit rows wrote them; null when it did not exist then. */
export async function recordStateAsOf(db: Kysely<DB>, tableName: string, recordId: string, at: Date): Promise<JsonObject | null> {
  const rows = await db
    .selectFrom('audit_trail as a')
    .leftJoin('audit_field_change as f', 'f.audit_id', 'a.id')
    .select(['a.id', 'a.operation', 'f.field', 'f.new_value'])
    .where('a.table_name', '=', tableName)
    .where('a.record_id', '=', recordId)
    .where('a.occurred_at', '<=', at)
    .orderBy('a.id')
    .execute();
  let state: Map<string, unknown> | null = null;
  let current: string | null = null;
  for (const row of rows) {
    const id = String(row.id);
    if (id !== current) {
      current = id;
      if (row.operation === 'Create') state = new Map();
      if (row.operation === 'Delete') state = null;
    }
    if (!state || row.operation === 'Delete' || row.field === null) continue;
    if (row.new_value === null) state.delete(row.field);
    else state.set(row.field, row.new_value);
  }
  return state && Object.fromEntries(state);
}
