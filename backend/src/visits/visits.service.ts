/**
 * Visits (ecrf-calls.md §3, §4, §7 "Visits"): creation honours the visit's visibility rules, definition.max
 * (canAddVisit) and, for follow-up registry visits, the DigiNet follow-up availability (ecrf-core.md §4);
 * saves carry the version read; deletes are soft and need a reason; signing re-checks the password and
 * records who, when and with which meaning. Every write is audited in its transaction.
 */
import { randomUUID } from 'node:crypto';
import { visitUnavailableReason, type VisitDefinition } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { audit } from '../audit/audit.service.js';
import { verifyPassword } from '../auth/password-hash.js';
import type { DB } from '../__generated__/database.js';
import { EcrfError, notFound, staleWrite } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import type { FieldInput } from '../instruments/field-instance.schemas.js';
import { initialForm, saveForm } from '../instruments/form-save.js';
import { actorOf, assertVisitWritable, fieldDiff } from '../instruments/instruments.service.js';
import { visitDto, type VisitDto } from '../study-patients/patient-documents.js';
import { documentationWrite, openWorkspace, openWorkspaceForWrite, type Workspace } from '../study-patients/patient-workspace.js';
import { updateInstrumentRow } from '../instruments/instruments.sql.js';
import { findPasswordState, findUsers } from '../users/users.sql.js';
import { requireReason, visitStateOf } from './visit-progress.js';
import { onFormSaved } from '../verification-flags/form-saved.js';
import { findVisitStudyPatientId, insertVisit, saveVisitRow, updateVisitRow } from './visits.sql.js';

export const SIGN_MESSAGES = {
  signed: 'Die Visite wurde signiert.',
  wrongPassword: 'Das Passwort ist nicht korrekt. Die Visite wurde nicht signiert.',
  incomplete: 'Die Visite ist unvollständig und kann nicht signiert werden.',
} as const;

/** The meaning recorded with a signature unless the client names another (21 CFR 11.50). */
export const DEFAULT_SIGNATURE_MEANING = 'Die Richtigkeit und Vollständigkeit der Daten dieser Visite wird bestätigt.';

function visitDefinitionOf(ws: Workspace, definitionId: string): VisitDefinition {
  const definition = ws.index.visitById.get(definitionId);
  if (!definition || definition.isDeleted === true) throw new EcrfError('ECRF_ERR_VALIDATION', 'unknown visit definition');
  return definition;
}

export async function studyPatientOfVisit(db: Kysely<DB>, id: string): Promise<string> {
  const studyPatientId = await findVisitStudyPatientId(db, id);
  if (!studyPatientId) throw notFound('visit');
  return studyPatientId;
}

function visitOf(ws: Workspace, id: string): VisitDto {
  const visit = ws.documents.visits.find((v) => v.id === id);
  if (!visit) throw notFound('visit');
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

export async function createVisit(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: {
    studyPatientId: string;
    definitionId: string;
    visitDate?: string | null;
    fields?: FieldInput[];
    assignedInstituteId?: string | null;
  },
): Promise<VisitDto> {
  const ws = await openWorkspaceForWrite(db, input.studyPatientId, caller);
  const definition = visitDefinitionOf(ws, input.definitionId);
  assertVisitAvailable(ws, definition);
  const form = saveForm({
    definitions: definition.fields,
    original: [],
    incoming: input.fields ?? [],
    contextFor: (fields) => ws.contextFor(null, fields),
    userName: caller.userName,
    now: ws.now,
  });
  const state = visitStateOf(definition, [], form.changedFieldIds.length > 0);
  const actor = actorOf(caller);
  return documentationWrite(db, ws.patient.id, 'study patient', async (trx) => {
    const row = await insertVisit(trx, {
      study_patient_id: ws.patient.id,
      definition_id: definition.id,
      sort_order: definition.order,
      fields: JSON.stringify(form.fields),
      visit_date: input.visitDate ?? null,
      assigned_institute_id: input.assignedInstituteId ?? null,
      state,
      created_by: caller.userName,
      changed_by: caller.userName,
    });
    await audit(trx, {
      actor,
      tableName: 'visit',
      recordId: row.id,
      operation: 'Create',
      newValue: { studyPatientId: ws.patient.id, definitionId: definition.id, visitDate: row.visit_date, fields: form.fields, state },
    });
    await onFormSaved(trx, { patient: ws.patient, actor, now: ws.now, visitId: row.id, instrumentId: null, fields: form.fields });
    return visitDto(row, [], () => definition.identifier);
  });
}

export async function saveVisit(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: { version: number; visitDate?: string | null; fields?: FieldInput[]; reasonForChange?: string },
): Promise<VisitDto> {
  const ws = await openWorkspaceForWrite(db, await studyPatientOfVisit(db, id), caller, 'visit');
  const visit = visitOf(ws, id);
  if (visit.version !== input.version) throw staleWrite(visit);
  assertVisitWritable(ws, visit);
  const definition = visitDefinitionOf(ws, visit.definitionId);
  const place = { kind: 'visit', visitId: id } as const;
  const form = saveForm({
    definitions: definition.fields,
    original: visit.fields,
    incoming: input.fields ?? [],
    contextFor: (fields) => ws.contextFor(place, fields),
    userName: caller.userName,
    now: ws.now,
  });
  const dateChanged = input.visitDate !== undefined && input.visitDate !== visit.visitDate;
  if (form.changedFieldIds.length === 0 && !dateChanged) return visit;
  requireReason({ formState: null, visit }, input.reasonForChange);
  const state = visitStateOf(definition, visit.instruments, true);
  const visitDate = dateChanged ? (input.visitDate ?? null) : visit.visitDate;
  const actor = actorOf(caller);
  return documentationWrite(db, ws.patient.id, 'visit', async (trx) => {
    const updated = await saveVisitRow(trx, id, input.version, {
      fields: JSON.stringify(form.fields),
      visit_date: visitDate,
      state,
      is_signed: false,
      version: visit.version + 1,
      changed_at: ws.now,
      changed_by: caller.userName,
    });
    if (!updated) throw staleWrite(visit);
    const diff = fieldDiff(visit.fields, form.fields, form.changedFieldIds);
    await audit(trx, {
      actor,
      tableName: 'visit',
      recordId: id,
      operation: 'Update',
      reason: input.reasonForChange ?? null,
      oldValue: { ...diff.oldValue, visitDate: visit.visitDate, isSigned: visit.isSigned, version: visit.version },
      newValue: { ...diff.newValue, visitDate, isSigned: false, version: updated.version },
    });
    await onFormSaved(trx, { patient: ws.patient, actor, now: ws.now, visitId: id, instrumentId: null, fields: form.fields });
    return visitDto(updated, visit.instruments, () => definition.identifier);
  });
}

/** Soft delete with its instruments; the reason is stored in the audit rows (DELETE NngmVisit/{visitId}?reasonOfChange). */
export async function deleteVisit(db: Kysely<DB>, caller: CurrentUser, id: string, reasonOfChange: string): Promise<void> {
  const ws = await openWorkspaceForWrite(db, await studyPatientOfVisit(db, id), caller, 'visit');
  const visit = visitOf(ws, id);
  if (visit.isDeleted) throw notFound('visit');
  const actor = actorOf(caller);
  await documentationWrite(db, ws.patient.id, 'visit', async (trx) => {
    await updateVisitRow(trx, id, { is_deleted: true, version: visit.version + 1, changed_at: ws.now, changed_by: caller.userName });
    await audit(trx, {
      actor,
      tableName: 'visit',
      recordId: id,
      operation: 'Delete',
      reason: reasonOfChange,
      oldValue: { isDeleted: false, version: visit.version },
      newValue: { isDeleted: true, version: visit.version + 1 },
    });
    for (const instrument of visit.instruments.filter((i) => !i.isDeleted)) {
      await updateInstrumentRow(trx, instrument.id, {
        is_deleted: true,
        version: instrument.version + 1,
        changed_at: ws.now,
        changed_by: caller.userName,
      });
      await audit(trx, {
        actor,
        tableName: 'instrument',
        recordId: instrument.id,
        operation: 'Delete',
        reason: reasonOfChange,
        oldValue: { isDeleted: false },
        newValue: { isDeleted: true },
      });
    }
    await onFormSaved(trx, {
      patient: ws.patient,
      actor,
      now: ws.now,
      visitId: id,
      instrumentId: null,
      fields: [...visit.fields, ...visit.instruments.filter((i) => !i.isDeleted).flatMap((i) => i.fields)],
      formDeleted: true,
    });
  });
}

export type SignResult = { success: boolean; message: string };

export async function signVisit(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: { password: string; meaning?: string },
): Promise<SignResult> {
  const ws = await openWorkspaceForWrite(db, await studyPatientOfVisit(db, id), caller, 'visit');
  const visit = visitOf(ws, id);
  if (visit.isDeleted) throw notFound('visit');
  const account = await findPasswordState(db, caller.id);
  if (!account) throw notFound('user');
  const actor = actorOf(caller);
  if (!(await verifyPassword(account.password_hash, input.password))) {
    await audit(db, {
      actor,
      tableName: 'visit',
      recordId: id,
      operation: 'Update',
      event: 'VisitSignatureRefused',
      newValue: { reason: 'wrong password' },
    });
    return { success: false, message: SIGN_MESSAGES.wrongPassword };
  }
  if (visit.instruments.some((i) => !i.isDeleted && i.state === 'missing_data'))
    return { success: false, message: SIGN_MESSAGES.incomplete };
  // The manifestation names the signer as people know them; the display name is kept as it was at signing.
  const [signer] = await findUsers(db, { id: caller.id, includeDeleted: true });
  const signature = {
    userId: caller.id,
    userName: caller.userName,
    displayName: signer?.displayName ?? caller.userName,
    signedAt: ws.now.toISOString(),
    meaning: input.meaning ?? DEFAULT_SIGNATURE_MEANING,
  };
  await documentationWrite(db, ws.patient.id, 'visit', async (trx) => {
    await updateVisitRow(trx, id, {
      is_signed: true,
      signature_data: JSON.stringify(signature),
      version: visit.version + 1,
      changed_at: ws.now,
      changed_by: caller.userName,
    });
    await audit(trx, {
      actor,
      tableName: 'visit',
      recordId: id,
      operation: 'Update',
      event: 'VisitSigned',
      oldValue: { isSigned: visit.isSigned, signatureData: visit.signatureData, version: visit.version },
      newValue: { isSigned: true, signatureData: signature, version: visit.version + 1 },
    });
  });
  return { success: true, message: SIGN_MESSAGES.signed };
}
