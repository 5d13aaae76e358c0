/**
 * Domain events as the backend streams them (docs/backend.md "Events"): the outbox rows of a change, in
 * commit order. An event id is the opaque text `<xid>-<id>`, compared as the pair (writer's transaction id,
 * row id); every id on the wire is later than every id delivered before it.
 */

export type DomainEventType =
  | 'DataQueryChanged'
  | 'VerificationFlagChanged'
  | 'StudyPatientRegistered'
  | 'DocumentationSaved'
  | 'ExportJobChanged'
  | 'ObdsImportChanged';

export type DataQueryChangedPayload = {
  queryId: string;
  change: 'CREATED' | 'UPDATED';
  action: 'CREATE' | 'EDIT' | 'ANSWER' | 'REVOKE' | 'ACCEPT' | 'SOLVE' | 'DEFER';
  queryTypeIdentifier: string;
  status: 'OPEN' | 'PENDING' | 'NO_LONGER_RELEVANT' | 'INVISIBLE' | 'CLOSED';
  answerStage: 'NEW' | 'RENEWED' | 'ANSWERED';
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
  filesRight: string;
  locationIds: string[] | null;
};

/** An oBDS import's progress: names no patient. */
export type ObdsImportChangedPayload = { importId: string; status: string; patientsDone: number; patientCount: number };

export type VerificationFlagChangedPayload = { flagId: string; dataFieldId: string; typeIdentifier: string; state: string };

export type DomainEvent = {
  id: string;
  type: string;
  occurredAt: string;
  studyId: string;
  studyPatientId: string | null;
  /** null for study-wide events (export jobs). */
  studyInstituteId: string | null;
  payload: Record<string, unknown>;
};

const EVENT_ID = /^(\d+)-(\d+)$/;

/** The pair behind an event id; null for anything that is not one. */
function pairOf(id: string): [bigint, bigint] | null {
  const match = EVENT_ID.exec(id);
  return match?.[1] && match[2] ? [BigInt(match[1]), BigInt(match[2])] : null;
}

export function isEventId(id: string): boolean {
  return pairOf(id) !== null;
}

/** Negative when `a` comes first, positive when `b` does, 0 for the same event. */
export function compareEventIds(a: string, b: string): number {
  const left = pairOf(a);
  const right = pairOf(b);
  if (!left || !right) throw new Error(`not an event id: ${left ? b : a}`);
  const [x, y] = left[0] === right[0] ? [left[1], right[1]] : [left[0], right[0]];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The later of two positions; null stands for "before every event". */
export function laterEventId(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return compareEventIds(a, b) >= 0 ? a : b;
}

const text = (value: unknown): value is string => typeof value === 'string';

/** An event from its JSON on the wire; null when it is not one (logged by the caller, never delivered). */
export function parseDomainEvent(json: string): DomainEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  const { id, type, occurredAt, studyId, studyPatientId, studyInstituteId, payload } = event;
  if (!text(id) || !isEventId(id) || !text(type) || !text(occurredAt) || !text(studyId)) return null;
  if (studyPatientId !== null && !text(studyPatientId)) return null;
  if (studyInstituteId !== null && !text(studyInstituteId)) return null;
  if (typeof payload !== 'object' || payload === null) return null;
  return { id, type, occurredAt, studyId, studyPatientId, studyInstituteId, payload: payload as Record<string, unknown> };
}
