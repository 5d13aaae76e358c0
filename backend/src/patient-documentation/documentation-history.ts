/**
 * A form's audit trail as a reviewer reads it (issue 25 item 5; EMA GCP guideline on computerised systems 6.2.1):
 * the history of an instrument, a visit's own form or a study patient's fields, field by field with the field's
 * definition, identifier path and German label, and the form as it was at any moment, rebuilt from the trail alone
 * (`recordStateAsOf` + `formAsRecorded`). Who may read it: docs/decisions.md "Form history"; a form whose patient the
 * caller does not see answers 404 as if it did not exist (assertPatientAccess).
 */
import type { DataFieldInstance, DefinitionIndex, FieldValue, InstrumentState } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { deletionAsOf, findFieldTrail, type FieldTrailRow } from '../audit/field-trail.sql.js';
import { recordStateAsOf } from '../audit/record-history.js';
import type { JsonObject } from '../db/json-columns.js';
import { EcrfError, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { displayTextsOf } from '../languages/languages.service.js';
import { definitionIndex } from './definition-cache.js';
import { FIELD_KEY_PREFIX, formAsRecorded, type RecordedField } from './documentation-audit.js';
import { loadStudyPatient } from './patient-documents.js';
import { assertPatientAccess } from './patient-workspace.js';
import type { RecordName } from '../errors/messages.js';

/** The forms that have a history: their table, and the record name a 404 uses. */
export type HistoryForm = 'instrument' | 'visit' | 'study_patient';

const HIDDEN_AS: Record<HistoryForm, RecordName> = { instrument: 'instrument', visit: 'visit', study_patient: 'study patient' };

/** The German names of a record's own audited columns; rows before per-field auditing held the whole form as `fields`. */
const COLUMN_LABELS: Record<string, string> = {
  fields: 'Formular',
  state: 'Status',
  complete: 'Vollständig',
  visitDate: 'Visitendatum',
  assignedInstituteId: 'Zugewiesenes Zentrum',
  studyInstituteId: 'Standort',
  isSigned: 'Signiert',
  signatureData: 'Signatur',
  signatureWithdrawal: 'Signatur zurückgezogen',
  isDeleted: 'Gelöscht',
  locked: 'Gesperrt',
};

export type ChangedField = {
  /** The audit key: `fields.<instance id>`, a column (`state`, `visitDate` …) or `fields` (a row before per-field auditing). */
  key: string;
  kind: 'field' | 'column' | 'legacyForm';
  instanceId: string | null;
  definitionId: string | null;
  /** The definition's identifier path in its form, e.g. `tnm.t`. */
  path: string | null;
  label: string;
};

/** A field's values and marks (kind `field`), or the value as JSON text (columns and legacy rows). */
export type ChangeValue = { values?: FieldValue[]; isDeleted?: boolean; lockedManually?: boolean; lockDate?: string | null; json?: string };

export type FieldChangeEntry = {
  id: string;
  auditId: string;
  occurredAt: string;
  operation: FieldTrailRow['operation'];
  event: string | null;
  reason: string | null;
  userId: string | null;
  userName: string;
  role: { identifier: string; displayName: string } | null;
  location: { id: string; displayName: string | null } | null;
  version: number | null;
  field: ChangedField | null;
  oldValue: ChangeValue | null;
  newValue: ChangeValue | null;
};

/** The form as it was at a moment; a form deleted then shows the fields it held before its deletion. */
export type FormSnapshot = {
  at: string;
  state: InstrumentState | null;
  version: number | null;
  visitDate: string | null;
  isDeleted: boolean;
  deletion: { occurredAt: string; userName: string; reason: string | null } | null;
  /** False when the state holds rows from before per-field auditing, which cannot be rebuilt field by field. */
  rebuiltCompletely: boolean;
  fields: DataFieldInstance[];
};

type OpenedForm = { index: DefinitionIndex; texts: Map<string, string> };

async function studyPatientOf(db: Kysely<DB>, form: HistoryForm, id: string): Promise<string | undefined> {
  if (form === 'study_patient') return id;
  const row = await db.selectFrom(form).select('study_patient_id').where('id', '=', id).executeTakeFirst();
  return row?.study_patient_id;
}

/** The form's patient, seen by the caller (404 otherwise), with the definition version it is documented under. */
async function openForm(db: Kysely<DB>, caller: CurrentUser, form: HistoryForm, id: string): Promise<OpenedForm> {
  const studyPatientId = await studyPatientOf(db, form, id);
  if (!studyPatientId) throw notFound(HIDDEN_AS[form]);
  const patient = await loadStudyPatient(db, studyPatientId).catch(() => {
    throw notFound(HIDDEN_AS[form]);
  });
  await assertPatientAccess(db, caller, patient, HIDDEN_AS[form]);
  const [index, texts] = await Promise.all([
    definitionIndex(db, patient.studyDefinitionId, patient.definitionVersion),
    displayTextsOf(db, patient.studyDefinitionId),
  ]);
  return { index, texts };
}

/** `tnm.t`: the identifiers from the form's root down to the definition. */
function definitionPath(index: DefinitionIndex, definitionId: string): string | null {
  const segments: string[] = [];
  for (let id: string | null | undefined = definitionId; id;) {
    const definition = index.fieldById.get(id);
    if (!definition) return null;
    segments.unshift(definition.identifier);
    id = definition.parentFieldDefinitionId;
  }
  return segments.join('.');
}

const asRecorded = (value: unknown): RecordedField | null =>
  value !== null && typeof value === 'object' && 'definitionId' in value ? (value as RecordedField) : null;

function changedField({ index, texts }: OpenedForm, key: string, row: FieldTrailRow): ChangedField {
  if (!key.startsWith(FIELD_KEY_PREFIX))
    return {
      key,
      kind: key === 'fields' ? 'legacyForm' : 'column',
      instanceId: null,
      definitionId: null,
      path: null,
      label: COLUMN_LABELS[key] ?? key,
    };
  const definitionId = (asRecorded(row.newValue) ?? asRecorded(row.oldValue))?.definitionId ?? null;
  const definition = definitionId ? index.fieldById.get(definitionId) : undefined;
  const instanceId = key.slice(FIELD_KEY_PREFIX.length);
  return {
    key,
    kind: 'field',
    instanceId,
    definitionId,
    path: definitionId ? definitionPath(index, definitionId) : null,
    label: (definition && (texts.get(definition.displayKey) ?? definition.identifier)) ?? instanceId,
  };
}

function changeValue(field: ChangedField, value: unknown): ChangeValue | null {
  if (value === null || value === undefined) return null;
  const recorded = field.kind === 'field' ? asRecorded(value) : null;
  if (!recorded) return { json: JSON.stringify(value) };
  return {
    values: [...recorded.values],
    isDeleted: recorded.isDeleted,
    lockedManually: recorded.lockedManually,
    lockDate: recorded.lockDate,
  };
}

/** A page of the form's history, newest first (docs/backend.md "Form history"). */
export async function formHistory(
  db: Kysely<DB>,
  caller: CurrentUser,
  form: HistoryForm,
  id: string,
  paging: { page: number; itemsPerPage: number },
): Promise<{ items: FieldChangeEntry[]; totalCount: number }> {
  const opened = await openForm(db, caller, form, id);
  const { items, totalCount } = await findFieldTrail(db, { tableName: form, recordId: id }, paging);
  return {
    totalCount,
    items: items.map((row) => {
      const field = row.field === null ? null : changedField(opened, row.field, row);
      return {
        id: `${row.auditId}/${row.field ?? ''}`,
        auditId: row.auditId,
        occurredAt: row.occurredAt.toISOString(),
        operation: row.operation,
        event: row.event,
        reason: row.reason,
        userId: row.userId,
        userName: row.userName,
        role: row.roleIdentifier ? { identifier: row.roleIdentifier, displayName: row.roleName ?? row.roleIdentifier } : null,
        location: row.locationId ? { id: row.locationId, displayName: row.locationName } : null,
        version: row.version,
        field,
        oldValue: field ? changeValue(field, row.oldValue) : null,
        newValue: field ? changeValue(field, row.newValue) : null,
      };
    }),
  };
}

/** Instances as the API answers them: what the trail does not keep takes its default. */
const answered = (fields: readonly DataFieldInstance[]): DataFieldInstance[] =>
  fields.map((field) => ({
    ...field,
    tags: field.tags ?? [],
    isVisible: true,
    lockedAutomatically: false,
    childFields: answered(field.childFields),
  }));

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function snapshotOf(state: JsonObject, at: Date): Omit<FormSnapshot, 'isDeleted' | 'deletion'> {
  const stateValue = text(state.state);
  return {
    at: at.toISOString(),
    state: stateValue === 'new' || stateValue === 'missing_data' || stateValue === 'complete' ? stateValue : null,
    version: typeof state.version === 'number' ? state.version : null,
    visitDate: text(state.visitDate),
    rebuiltCompletely: !('fields' in state),
    fields: answered(formAsRecorded(state)),
  };
}

const MILLISECOND = 1;

/**
 * The form at `at`: 404 (German) when it did not exist yet; when it was deleted then, the deletion and the fields
 * it held just before (its deleting transaction's rows share one time, so a millisecond earlier is before them).
 */
export async function formAsOf(db: Kysely<DB>, caller: CurrentUser, form: HistoryForm, id: string, at: Date): Promise<FormSnapshot> {
  await openForm(db, caller, form, id);
  const record = { tableName: form, recordId: id };
  const state = await recordStateAsOf(db, form, id, at);
  if (state) return { ...snapshotOf(state, at), isDeleted: state.isDeleted === true, deletion: null };
  const deletion = await deletionAsOf(db, record, at);
  if (!deletion) throw new EcrfError('ECRF_ERR_NOT_FOUND', 'Das Formular bestand zu diesem Zeitpunkt noch nicht.');
  const before = await recordStateAsOf(db, form, id, new Date(deletion.occurredAt.getTime() - MILLISECOND));
  return {
    ...snapshotOf(before ?? {}, at),
    isDeleted: true,
    deletion: { occurredAt: deletion.occurredAt.toISOString(), userName: deletion.userName, reason: deletion.reason },
  };
}
