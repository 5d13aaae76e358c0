/**
 * Visits (ecrf-calls.md §3, §4, §7 "Visits"): creation honours the visit's visibility rules, definition.max
 * (canAddVisit) and, for follow-up registry visits, the DigiNet follow-up availability (ecrf-core.md §4); saves
 * carry the version read; deletes are soft and need a reason; signing re-checks the password, needs a complete
 * visit and records who, when and with which meaning. Every write goes through the one documentation path.
 */
import { randomUUID } from 'node:crypto';
import { visitUnavailableReason, type VisitDefinition } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { writeDocumentation, type DocumentationUnit } from './documentation-write.js';
import type { FieldInput } from './field-instance.schemas.js';
import { initialForm, saveForm } from './form-save.js';
import { deleteInstrumentIn } from './instruments.service.js';
import { visitDto, type VisitDto } from './patient-documents.js';
import { openWorkspace, type Workspace } from './patient-workspace.js';
import { assertVisitDateValid } from './value-checks.js';
import { visitStateOf } from './visit-progress.js';
import { findVisitStudyPatientId, insertVisit, saveVisitRow, type VisitRow } from './visits.sql.js';

export function visitDefinitionOf(ws: Workspace, definitionId: string): VisitDefinition {
  const definition = ws.index.visitById.get(definitionId);
  if (!definition || definition.isDeleted === true) throw new EcrfError('ECRF_ERR_VALIDATION', 'Unbekannte Visitendefinition.');
  return definition;
}

export async function studyPatientOfVisit(db: Kysely<DB>, id: string): Promise<string> {
  const studyPatientId = await findVisitStudyPatientId(db, id);
  if (!studyPatientId) throw notFound('visit');
  return studyPatientId;
}

export function liveVisit(unit: DocumentationUnit, id: string): VisitDto {
  const visit = unit.visit(id);
  if (visit.isDeleted) throw notFound('visit');
  return visit;
}

/** Whether a new visit of the definition may be added now; refuses with the reason otherwise. */
export function assertVisitAvailable(ws: Workspace, definition: VisitDefinition): void {
  const { stored, index, today } = ws.evaluation;
  const reason = visitUnavailableReason(definition, stored, ws.storedContext, index, today);
  if (reason === null) return;
  const message =
    reason === 'notVisible'
      ? 'Die Visite ist für diesen Patienten nicht verfügbar.'
      : reason === 'max'
        ? 'Die Höchstzahl dieser Visiten ist erreicht.'
        : 'Die Follow-up-Visite ist noch nicht verfügbar.';
  throw new EcrfError('ECRF_ERR_VISIT_NOT_AVAILABLE', message, { reason });
}

/** The fields a new visit starts with, populated by the rules, under a temporary id (not stored). */
export async function temporaryVisitFields(db: Kysely<DB>, caller: CurrentUser, studyPatientId: string, definitionId: string) {
  const ws = await openWorkspace(db, studyPatientId, caller);
  const definition = visitDefinitionOf(ws, definitionId);
  const form = initialForm({
    definitions: definition.fields,
    contextFor: (fields) => ws.contextFor(null, fields),
    userName: caller.userName,
    now: ws.now,
  });
  return { temporaryId: randomUUID(), studyPatientId, definitionId, fields: form.fields };
}

const stored = (unit: DocumentationUnit, row: VisitRow): VisitDto => unit.visit(visitDto(row, [], unit.ws.identifierOf).id);

type NewVisit = {
  definitionId: string;
  visitDate?: string | null;
  fields?: FieldInput[];
  assignedInstituteId?: string | null;
  reasonForChange?: string;
};

export async function createVisit(db: Kysely<DB>, caller: CurrentUser, input: NewVisit & { studyPatientId: string }): Promise<VisitDto> {
  return writeDocumentation(db, caller, { studyPatientId: input.studyPatientId, hiddenAs: 'study patient' }, (unit) =>
    createVisitIn(unit, input),
  );
}

/** Creates a visit within a write (a route's own, or an import's that documents the new visit in the same write). */
export async function createVisitIn(unit: DocumentationUnit, input: NewVisit): Promise<VisitDto> {
  const { ws, caller } = unit;
  const definition = visitDefinitionOf(ws, input.definitionId);
  assertVisitAvailable(ws, definition);
  assertVisitDateValid(input.visitDate);
  const form = saveForm({
    definitions: definition.fields,
    original: [],
    incoming: input.fields ?? [],
    contextFor: (fields) => ws.contextFor(null, fields),
    userName: caller.userName,
    now: ws.now,
  });
  const state = visitStateOf(definition, [], form.changedFieldIds.length > 0);
  const row = await unit.apply({
    table: 'visit',
    operation: 'Create',
    read: null,
    form: { definitions: definition.fields, before: [], after: form.fields, inputPaths: form.inputPaths },
    after: {
      studyPatientId: ws.patient.id,
      definitionId: definition.id,
      visitDate: input.visitDate ?? null,
      assignedInstituteId: input.assignedInstituteId ?? null,
      state,
    },
    // A new visit is no visit of the write yet: its own rules (availability) were checked above.
    visitId: null,
    concerns: 'documentation',
    reason: input.reasonForChange ?? null,
    write: (trx, stamp) =>
      insertVisit(trx, {
        study_patient_id: ws.patient.id,
        definition_id: definition.id,
        sort_order: definition.order,
        fields: JSON.stringify(form.fields),
        visit_date: input.visitDate ?? null,
        assigned_institute_id: input.assignedInstituteId ?? null,
        state,
        created_by: stamp.changedBy,
        changed_by: stamp.changedBy,
      }),
  });
  return stored(unit, row);
}

export async function saveVisit(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: { version: number; visitDate?: string | null; fields?: FieldInput[]; reasonForChange?: string },
): Promise<VisitDto> {
  const studyPatientId = await studyPatientOfVisit(db, id);
  return writeDocumentation(db, caller, { studyPatientId, hiddenAs: 'visit' }, async (unit) => {
    const visit = liveVisit(unit, id);
    const definition = visitDefinitionOf(unit.ws, visit.definitionId);
    const place = { kind: 'visit', visitId: id } as const;
    const form = saveForm({
      definitions: definition.fields,
      original: visit.fields,
      incoming: input.fields ?? [],
      contextFor: (fields) => unit.ws.contextFor(place, fields),
      userName: caller.userName,
      now: unit.ws.now,
    });
    const dateChanged = input.visitDate !== undefined && input.visitDate !== visit.visitDate;
    if (visit.version === input.version && form.changedFieldIds.length === 0 && !dateChanged) return visit;
    const visitDate = dateChanged ? (input.visitDate ?? null) : visit.visitDate;
    if (dateChanged) assertVisitDateValid(visitDate);
    const row = await unit.apply({
      table: 'visit',
      operation: 'Update',
      read: { id, version: input.version },
      form: { definitions: definition.fields, before: visit.fields, after: form.fields, inputPaths: form.inputPaths },
      before: { visitDate: visit.visitDate },
      after: { visitDate },
      visitId: id,
      concerns: 'documentation',
      reason: input.reasonForChange ?? null,
      write: (trx, stamp) =>
        saveVisitRow(trx, id, input.version, {
          fields: JSON.stringify(form.fields),
          visit_date: visitDate,
          version: stamp.version,
          changed_at: stamp.changedAt,
          changed_by: stamp.changedBy,
        }),
      current: () => Promise.resolve(visit),
    });
    return stored(unit, row);
  });
}

/** Soft delete with its instruments; the reason is stored in the audit rows (DELETE NngmVisit/{visitId}?reasonOfChange). */
export async function deleteVisit(db: Kysely<DB>, caller: CurrentUser, id: string, reasonOfChange: string): Promise<void> {
  const studyPatientId = await studyPatientOfVisit(db, id);
  await writeDocumentation(db, caller, { studyPatientId, hiddenAs: 'visit' }, async (unit) => {
    for (const instrument of liveVisit(unit, id).instruments.filter((i) => !i.isDeleted))
      await deleteInstrumentIn(unit, instrument, reasonOfChange);
    const visit = liveVisit(unit, id);
    await unit.apply({
      table: 'visit',
      operation: 'Delete',
      read: { id, version: visit.version },
      form: { definitions: [], before: visit.fields, after: visit.fields },
      before: { isDeleted: false },
      after: { isDeleted: true },
      visitId: id,
      concerns: 'documentation',
      reason: reasonOfChange,
      write: (trx, stamp) =>
        saveVisitRow(trx, id, visit.version, {
          is_deleted: true,
          version: stamp.version,
          changed_at: stamp.changedAt,
          changed_by: stamp.changedBy,
        }),
    });
  });
}
