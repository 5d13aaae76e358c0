/**
 * Domain events (ARCHITECTURE.md "Domain events"): written by `recordEvent` in the transaction of the change
 * they announce, so an event exists exactly when its change committed. Gateways read them from GET /events.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { JsonObject } from '../db/json-columns.js';
import { insertEvent, type DomainEventRow, type EventCursor } from './events.sql.js';

/** Study-wide events (export jobs) carry no location. */
type Scope = { studyId: string; studyPatientId: string | null; studyInstituteId: string | null };

export type DataQueryChangedPayload = {
  queryId: string;
  change: 'CREATED' | 'UPDATED';
  action: string;
  queryTypeIdentifier: string;
  status: string;
  answerStage: string;
  studyDefinitionId: string;
  definitionVersion: number;
  followUpRegistry: boolean;
  visitDefinitionIdentifier: string | null;
};

export type ExportJobChangedPayload = {
  jobId: string;
  kind: string;
  state: string;
  progress: number;
  /** The right that shows the job and its file, and the locations its file holds (null: every location). */
  filesRight: string;
  locationIds: string[] | null;
};

/** An oBDS import's progress (docs/obds-import.md): names no patient. */
export type ObdsImportChangedPayload = { importId: string; status: string; patientsDone: number; patientCount: number };

export type VerificationFlagChangedPayload = { flagId: string; dataFieldId: string; typeIdentifier: string; state: string };

export type DomainEvent = Scope &
  (
    | { type: 'DataQueryChanged'; payload: DataQueryChangedPayload }
    | { type: 'VerificationFlagChanged'; payload: VerificationFlagChangedPayload }
    | { type: 'StudyPatientRegistered'; payload: Record<string, never> }
    | { type: 'DocumentationSaved'; payload: { visitId: string | null; instrumentId: string | null } }
    | { type: 'ExportJobChanged'; payload: ExportJobChangedPayload }
    | { type: 'ObdsImportChanged'; payload: ObdsImportChangedPayload }
  );

export type DomainEventType = DomainEvent['type'];

/** Records the event in the caller's transaction (and notifies listening replicas when it commits). */
export async function recordEvent(trx: Kysely<DB>, event: DomainEvent): Promise<void> {
  await insertEvent(trx, {
    type: event.type,
    study_id: event.studyId,
    study_patient_id: event.studyPatientId,
    study_institute_id: event.studyInstituteId,
    payload: JSON.stringify(event.payload),
  });
}

/** The event as gateways receive it. */
export type WireEvent = {
  id: string;
  type: string;
  occurredAt: string;
  studyId: string;
  studyPatientId: string | null;
  studyInstituteId: string | null;
  payload: JsonObject;
};

export const formatCursor = (cursor: EventCursor): string => `${cursor.xid}-${cursor.id}`;

/** "<xid>-<id>", both decimal; anything else is not an event id of this stream. */
export function parseCursor(text: string): EventCursor | null {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(text.trim());
  return match?.[1] && match[2] ? { xid: match[1], id: match[2] } : null;
}

export const cursorOf = (row: DomainEventRow): EventCursor => ({ xid: String(row.xid), id: String(row.id) });

export function wireEvent(row: DomainEventRow): WireEvent {
  return {
    id: formatCursor(cursorOf(row)),
    type: row.type,
    occurredAt: row.occurred_at.toISOString(),
    studyId: row.study_id,
    studyPatientId: row.study_patient_id,
    studyInstituteId: row.study_institute_id,
    payload: row.payload,
  };
}
