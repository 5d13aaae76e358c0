/**
 * Instruments, visit-bound and standalone (ecrf-calls.md §7 "Visits": instruments and data fields): create,
 * save with the version read, delete. Every save runs the rules (form-save.ts), computes the state, updates
 * the visit's state, and is audited with the old and new values of the changed fields and the reason.
 */
import { visitEditability, type DataFieldInstance, type InstrumentDefinition } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { audit, type AuditActor } from '../audit/audit.service.js';
import type { DB } from '../__generated__/database.js';
import type { JsonObject } from '../db/json-columns.js';
import { EcrfError, conflict, notFound, staleWrite } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import type { FormPlace } from '@ecrf/rules';
import type { InstrumentDto, VisitDto } from '../study-patients/patient-documents.js';
import { instrumentDto } from '../study-patients/patient-documents.js';
import { documentationWrite, openWorkspaceForWrite, type Workspace } from '../study-patients/patient-workspace.js';
import { requireReason, visitStateOf } from '../visits/visit-progress.js';
import type { FieldInput } from './field-instance.schemas.js';
import { updateVisitRow } from '../visits/visits.sql.js';
import { saveForm, type FormSaveResult } from './form-save.js';
import { onFormSaved } from '../verification-flags/form-saved.js';
import {
  findInstrumentRow,
  findInstrumentStudyPatientId,
  insertInstrument,
  saveInstrumentRow,
  updateInstrumentRow,
} from './instruments.sql.js';

/** Saves an instrument's form at its place; the rules put the state its fields give in place too. */
function saveAt(
  ws: Workspace,
  place: FormPlace,
  definition: InstrumentDefinition,
  original: readonly DataFieldInstance[],
  incoming: readonly FieldInput[],
  userName: string,
): FormSaveResult {
  return saveForm({
    definitions: definition.fields,
    original,
    incoming,
    userName,
    now: ws.now,
    contextFor: (fields) => ws.contextFor(place, fields),
  });
}

export const actorOf = (caller: CurrentUser): AuditActor => ({ userId: caller.id, userName: caller.userName });

/** Old and new values of the changed fields, by id, for the audit row. */
export function fieldDiff(
  before: readonly DataFieldInstance[],
  after: readonly DataFieldInstance[],
  ids: readonly string[],
): { oldValue: JsonObject; newValue: JsonObject } {
  const find = (fields: readonly DataFieldInstance[], id: string): DataFieldInstance | undefined => {
    for (const f of fields) {
      if (f.id === id) return f;
      const inner = find(f.childFields, id);
      if (inner) return inner;
    }
    return undefined;
  };
  const pick = (fields: readonly DataFieldInstance[]) =>
    Object.fromEntries(
      ids.map((id) => {
        const f = find(fields, id);
        return [id, f ? { definitionId: f.definitionId, values: f.values, isDeleted: f.isDeleted === true } : null];
      }),
    );
  return { oldValue: { fields: pick(before) }, newValue: { fields: pick(after) } };
}

export function instrumentDefinitionOf(ws: Workspace, definitionId: string, visit: VisitDto | null): InstrumentDefinition {
  const pool = visit ? (ws.index.visitById.get(visit.definitionId)?.instruments ?? []) : ws.index.study.standaloneInstruments;
  const definition = pool.find((d) => d.id === definitionId && d.isDeleted !== true);
  if (!definition)
    throw new EcrfError(
      'ECRF_ERR_VALIDATION',
      visit ? 'the instrument definition is not part of this visit' : 'not a standalone instrument definition',
    );
  return definition;
}

/** Refuses writes into a deleted, locked or (by its rules) non-editable visit (ecrf-calls.md §4). */
export function assertVisitWritable(ws: Workspace, visit: VisitDto): void {
  const definition = ws.index.visitById.get(visit.definitionId);
  if (visit.isDeleted || !definition) throw notFound('visit');
  if (visit.locked) throw new EcrfError('ECRF_ERR_VISIT_NOT_EDITABLE', 'Die Visite ist gesperrt.');
  const editability = visitEditability(definition, ws.storedContext);
  if (!editability.editable)
    throw new EcrfError('ECRF_ERR_VISIT_NOT_EDITABLE', editability.message || 'Die Visite kann nicht bearbeitet werden.');
}

/** Recomputes the visit state after an instrument changed; a change to a signed visit withdraws the signature. */
export async function refreshVisit(
  trx: Kysely<DB>,
  ws: Workspace,
  visit: VisitDto,
  instruments: readonly InstrumentDto[],
  actor: AuditActor,
  reason: string | null,
): Promise<void> {
  const definition = ws.index.visitById.get(visit.definitionId);
  if (!definition) return;
  const state = visitStateOf(
    definition,
    instruments,
    visit.fields.some((f) => f.values.some((v) => (v.value ?? '') !== '')),
  );
  if (state === visit.state && !visit.isSigned) return;
  await updateVisitRow(trx, visit.id, {
    state,
    is_signed: false,
    version: visit.version + 1,
    changed_at: ws.now,
    changed_by: actor.userName,
  });
  await audit(trx, {
    actor,
    tableName: 'visit',
    recordId: visit.id,
    operation: 'Update',
    reason,
    oldValue: { state: visit.state, isSigned: visit.isSigned, version: visit.version },
    newValue: { state, isSigned: false, version: visit.version + 1 },
  });
}

function findInstrument(ws: Workspace, id: string): { instrument: InstrumentDto; visit: VisitDto | null } {
  for (const visit of ws.documents.visits) {
    const instrument = visit.instruments.find((i) => i.id === id);
    if (instrument) return { instrument, visit };
  }
  const instrument = ws.documents.standaloneInstruments.find((i) => i.id === id);
  if (!instrument) throw notFound('instrument');
  return { instrument, visit: null };
}

export async function studyPatientOfInstrument(db: Kysely<DB>, id: string): Promise<string> {
  const studyPatientId = await findInstrumentStudyPatientId(db, id);
  if (!studyPatientId) throw notFound('instrument');
  return studyPatientId;
}

export async function createInstrument(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: { studyPatientId: string; visitId?: string | null; definitionId: string; fields?: FieldInput[]; reasonForChange?: string },
): Promise<InstrumentDto> {
  const ws = await openWorkspaceForWrite(db, input.studyPatientId, caller);
  const visit = input.visitId ? (ws.documents.visits.find((v) => v.id === input.visitId) ?? null) : null;
  if (input.visitId && !visit) throw notFound('visit');
  const definition = instrumentDefinitionOf(ws, input.definitionId, visit);
  if (visit) {
    assertVisitWritable(ws, visit);
    if (visit.instruments.some((i) => i.definitionId === definition.id && !i.isDeleted))
      throw conflict('the visit already has this instrument');
    requireReason({ formState: null, visit }, input.reasonForChange);
  }
  const saved = saveAt(
    ws,
    { kind: 'newInstrument', visitId: visit?.id ?? null, definitionId: definition.id },
    definition,
    [],
    input.fields ?? [],
    caller.userName,
  );
  const actor = actorOf(caller);
  const row = await documentationWrite(db, ws.patient.id, 'study patient', async (trx) => {
    const inserted = await insertInstrument(trx, {
      study_patient_id: ws.patient.id,
      visit_id: visit?.id ?? null,
      definition_id: definition.id,
      sort_order: definition.order,
      fields: JSON.stringify(saved.fields),
      state: saved.state,
      created_by: caller.userName,
      changed_by: caller.userName,
    });
    const dto = instrumentDto(inserted, () => definition.identifier);
    await onFormSaved(trx, {
      patient: ws.patient,
      actor,
      now: ws.now,
      visitId: visit?.id ?? null,
      instrumentId: inserted.id,
      fields: saved.fields,
    });
    await audit(trx, {
      actor,
      tableName: 'instrument',
      recordId: inserted.id,
      operation: 'Create',
      reason: input.reasonForChange ?? null,
      newValue: {
        studyPatientId: ws.patient.id,
        visitId: visit?.id ?? null,
        definitionId: definition.id,
        state: saved.state,
        fields: saved.fields,
      },
    });
    if (visit) await refreshVisit(trx, ws, visit, [...visit.instruments, dto], actor, input.reasonForChange ?? null);
    return dto;
  });
  return row;
}

export async function saveInstrument(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: { version: number; fields: FieldInput[]; reasonForChange?: string },
): Promise<InstrumentDto> {
  const ws = await openWorkspaceForWrite(db, await studyPatientOfInstrument(db, id), caller, 'instrument');
  const { instrument, visit } = findInstrument(ws, id);
  if (instrument.version !== input.version) throw staleWrite(instrument);
  if (instrument.isDeleted) throw notFound('instrument');
  if (instrument.locked) throw new EcrfError('ECRF_ERR_VISIT_NOT_EDITABLE', 'Das Instrument ist gesperrt.');
  if (visit) assertVisitWritable(ws, visit);
  const definition = instrumentDefinitionOf(ws, instrument.definitionId, visit);
  const saved = saveAt(
    ws,
    { kind: 'instrument', instrumentId: id, state: instrument.state },
    definition,
    instrument.fields,
    input.fields,
    caller.userName,
  );
  if (saved.changedFieldIds.length === 0) return instrument;
  requireReason({ formState: instrument.state, visit }, input.reasonForChange);
  const actor = actorOf(caller);
  const reason = input.reasonForChange ?? null;
  return documentationWrite(db, ws.patient.id, 'instrument', async (trx) => {
    const updated = await saveInstrumentRow(trx, id, input.version, {
      fields: JSON.stringify(saved.fields),
      state: saved.state,
      version: instrument.version + 1,
      changed_at: ws.now,
      changed_by: caller.userName,
    });
    // Another save won between our read and this write: refuse, never overwrite (issue 5).
    if (!updated) {
      const newer = await findInstrumentRow(trx, id);
      if (!newer) throw notFound('instrument');
      throw staleWrite(instrumentDto(newer, () => definition.identifier));
    }
    const diff = fieldDiff(instrument.fields, saved.fields, saved.changedFieldIds);
    await audit(trx, {
      actor,
      tableName: 'instrument',
      recordId: id,
      operation: 'Update',
      reason,
      oldValue: { ...diff.oldValue, state: instrument.state, version: instrument.version },
      newValue: { ...diff.newValue, state: saved.state, version: updated.version },
    });
    await onFormSaved(trx, { patient: ws.patient, actor, now: ws.now, visitId: visit?.id ?? null, instrumentId: id, fields: saved.fields });
    const dto = instrumentDto(updated, () => definition.identifier);
    if (visit)
      await refreshVisit(
        trx,
        ws,
        visit,
        visit.instruments.map((i) => (i.id === id ? dto : i)),
        actor,
        reason,
      );
    return dto;
  });
}

export async function deleteInstrument(db: Kysely<DB>, caller: CurrentUser, id: string, reasonOfChange: string): Promise<void> {
  const ws = await openWorkspaceForWrite(db, await studyPatientOfInstrument(db, id), caller, 'instrument');
  const { instrument, visit } = findInstrument(ws, id);
  if (instrument.isDeleted) throw notFound('instrument');
  if (visit) assertVisitWritable(ws, visit);
  const actor = actorOf(caller);
  await documentationWrite(db, ws.patient.id, 'instrument', async (trx) => {
    await updateInstrumentRow(trx, id, {
      is_deleted: true,
      version: instrument.version + 1,
      changed_at: ws.now,
      changed_by: caller.userName,
    });
    await audit(trx, {
      actor,
      tableName: 'instrument',
      recordId: id,
      operation: 'Delete',
      reason: reasonOfChange,
      oldValue: { isDeleted: false, version: instrument.version },
      newValue: { isDeleted: true, version: instrument.version + 1 },
    });
    await onFormSaved(trx, {
      patient: ws.patient,
      actor,
      now: ws.now,
      visitId: visit?.id ?? null,
      instrumentId: id,
      fields: instrument.fields,
      formDeleted: true,
    });
    if (visit)
      await refreshVisit(
        trx,
        ws,
        visit,
        visit.instruments.map((i) => (i.id === id ? { ...i, isDeleted: true } : i)),
        actor,
        reasonOfChange,
      );
  });
}
