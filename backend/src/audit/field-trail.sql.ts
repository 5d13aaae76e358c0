/**
 * One record's audit trail read field by field (issue 25 item 5): the per-field rows of migration 0100 with who
 * (user and the role they acted in), where (the record's location then), when (UTC), why and what the row did.
 * A Create or Delete row is also an entry of its own (`field` null), before its field rows.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { AuditOperation } from './audit.sql.js';

/**
 * Keys every row of a record repeats or never changes: the version (kept as each entry's `version`) and the
 * record's identity. They are no change a reviewer reads.
 */
const UNCHANGING_KEYS = ['version', 'studyPatientId', 'visitId', 'definitionId'];

export type FieldTrailRow = {
  auditId: string;
  occurredAt: Date;
  operation: AuditOperation;
  event: string | null;
  reason: string | null;
  userId: string | null;
  userName: string;
  roleIdentifier: string | null;
  roleName: string | null;
  locationId: string | null;
  locationName: string | null;
  /** The record's version after the row. */
  version: number | null;
  /** The audit key (`fields.<instance id>`, `state`, …); null for the Create or Delete entry of the row. */
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
};

type RawRow = {
  audit_id: string;
  occurred_at: Date;
  operation: AuditOperation;
  event: string | null;
  reason: string | null;
  user_id: string | null;
  user_name: string;
  role_identifier: string | null;
  role_name: string | null;
  location_id: string | null;
  location_name: string | null;
  version: number | null;
  field: string | null;
  old_value: unknown;
  new_value: unknown;
};

/**
 * A page of the record's entries, newest first; within one row the record-level entry, then the record's own
 * columns, then its fields. A Delete row is its record-level entry alone (its only change is `isDeleted`).
 */
export async function findFieldTrail(
  db: Kysely<DB>,
  record: { tableName: string; recordId: string },
  paging: { page: number; itemsPerPage: number },
): Promise<{ items: FieldTrailRow[]; totalCount: number }> {
  const entries = sql`
    FROM audit_trail a
    CROSS JOIN LATERAL (
      SELECT NULL::text AS field, NULL::jsonb AS old_value, NULL::jsonb AS new_value
      WHERE a.operation IN ('Create', 'Delete')
      UNION ALL
      SELECT f.field, f.old_value, f.new_value FROM audit_field_change f
      WHERE f.audit_id = a.id AND a.operation <> 'Delete' AND f.field NOT IN (${sql.join(UNCHANGING_KEYS)})
    ) e`;
  const ofRecord = sql`WHERE a.table_name = ${record.tableName} AND a.record_id = ${record.recordId}`;
  const [rows, total] = await Promise.all([
    sql<RawRow>`
      SELECT a.id::text AS audit_id, a.occurred_at, a.operation, a.event, a.reason, a.user_id, a.user_name,
             a.role_identifier, r.display_name AS role_name, a.study_institute_id AS location_id,
             i.display_name AS location_name, (a.new_value ->> 'version')::int AS version,
             e.field, e.old_value, e.new_value
      ${entries}
      LEFT JOIN role r ON r.identifier = a.role_identifier
      LEFT JOIN study_institute si ON si.id = a.study_institute_id
      LEFT JOIN institute i ON i.id = si.institute_id
      ${ofRecord}
      ORDER BY a.id DESC, e.field IS NOT NULL, e.field LIKE 'fields.%', e.field
      LIMIT ${paging.itemsPerPage} OFFSET ${(paging.page - 1) * paging.itemsPerPage}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n ${entries} ${ofRecord}`.execute(db),
  ]);
  return {
    totalCount: Number(total.rows[0]?.n ?? 0),
    items: rows.rows.map((row) => ({
      auditId: row.audit_id,
      occurredAt: row.occurred_at,
      operation: row.operation,
      event: row.event,
      reason: row.reason,
      userId: row.user_id,
      userName: row.user_name,
      roleIdentifier: row.role_identifier,
      roleName: row.role_name,
      locationId: row.location_id,
      locationName: row.location_name,
      version: row.version,
      field: row.field,
      oldValue: row.old_value,
      newValue: row.new_value,
    })),
  };
}

/** The record's deletion in force at `at`: its last Create or Delete row up to then, when that is a Delete. */
export async function deletionAsOf(
  db: Kysely<DB>,
  record: { tableName: string; recordId: string },
  at: Date,
): Promise<{ occurredAt: Date; userName: string; reason: string | null } | null> {
  const last = await db
    .selectFrom('audit_trail')
    .select(['operation', 'occurred_at', 'user_name', 'reason'])
    .where('table_name', '=', record.tableName)
    .where('record_id', '=', record.recordId)
    .where('occurred_at', '<=', at)
    .where('operation', 'in', ['Create', 'Delete'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.operation === 'Delete' ? { occurredAt: last.occurred_at, userName: last.user_name, reason: last.reason } : null;
}
