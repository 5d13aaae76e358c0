/**
 * Instruments, visit-bound and standalone (ecrf-calls.md §7 "Visits": instruments and data fields): create, save
 * with the version read, delete. Each is a write of the one documentation path (documentation-write.ts): the rules
 * merge and check the form (form-save.ts), the path applies locks, signatures, versions, value checks and the audit,
 * and the visit's state follows.
 */
import type { DataFieldInstance, FormPlace, InstrumentDefinition } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { EcrfError, conflict, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { writeDocumentation, type DocumentationUnit } from './documentation-write.js';
import type { FieldInput } from './field-instance.schemas.js';
import { saveForm, type FormSaveResult } from './form-save.js';
import {
  findInstrumentRow,
  findInstrumentStudyPatientId,
  insertInstrument,
  saveInstrumentRow,
  type InstrumentRow,
} from './instruments.sql.js';
import { instrumentDto, type InstrumentDto, type VisitDto } from './patient-documents.js';
import type { Workspace } from './patient-workspace.js';

/** Saves an instrument's form at its place; the rules put the state its fields give in place too. */
function saveAt(
  unit: DocumentationUnit,
  place: FormPlace,
  definition: InstrumentDefinition,
  original: readonly DataFieldInstance[],
  incoming: readonly FieldInput[],
): FormSaveResult {
  const { ws, caller } = unit;
  return saveForm({
    definitions: definition.fields,
    original,
    incoming,
    userName: caller.userName,
    now: ws.now,
    contextFor: (fields) => ws.contextFor(place, fields),
  });
}

export function instrumentDefinitionOf(ws: Workspace, definitionId: string, visit: VisitDto | null): InstrumentDefinition {
  const pool = visit ? (ws.index.visitById.get(visit.definitionId)?.instruments ?? []) : ws.index.study.standaloneInstruments;
  const definition = pool.find((d) => d.id === definitionId && d.isDeleted !== true);
  if (!definition)
    throw new EcrfError(
      'ECRF_ERR_VALIDATION',
      visit ? 'Das Instrument gehört nicht zu dieser Visite.' : 'Das Instrument ist kein eigenständiges Instrument dieser Studie.',
    );
  return definition;
}

/** The instrument and its visit as the write sees them. */
function instrumentOf(unit: DocumentationUnit, id: string): { instrument: InstrumentDto; visit: VisitDto | null } {
  const instrument = unit.instrument(id);
  if (instrument.isDeleted) throw notFound('instrument');
  return { instrument, visit: instrument.visitId ? unit.visit(instrument.visitId) : null };
}

export async function studyPatientOfInstrument(db: Kysely<DB>, id: string): Promise<string> {
  const studyPatientId = await findInstrumentStudyPatientId(db, id);
  if (!studyPatientId) throw notFound('instrument');
  return studyPatientId;
}

const stored = (unit: DocumentationUnit) => (row: InstrumentRow) => instrumentDto(row, unit.ws.identifierOf);

type NewInstrument = { visitId?: string | null; definitionId: string; fields?: FieldInput[]; reasonForChange?: string };

export async function createInstrument(
  db: Kysely<DB>,
  caller: CurrentUser,
  input: NewInstrument & { studyPatientId: string },
): Promise<InstrumentDto> {
  return writeDocumentation(db, caller, { studyPatientId: input.studyPatientId, hiddenAs: 'study patient' }, (unit) =>
    createInstrumentIn(unit, input),
  );
}

/** Creates an instrument within a write (a route's own, or an import's that writes several instruments at once). */
export async function createInstrumentIn(unit: DocumentationUnit, input: NewInstrument): Promise<InstrumentDto> {
  const visit = input.visitId ? unit.visit(input.visitId) : null;
  if (visit?.isDeleted) throw notFound('visit');
  const definition = instrumentDefinitionOf(unit.ws, input.definitionId, visit);
  if (visit?.instruments.some((i) => i.definitionId === definition.id && !i.isDeleted))
    throw conflict('Die Visite hat dieses Instrument bereits.');
  const place = { kind: 'newInstrument', visitId: visit?.id ?? null, definitionId: definition.id } as const;
  const saved = saveAt(unit, place, definition, [], input.fields ?? []);
  const row = await unit.apply({
    table: 'instrument',
    operation: 'Create',
    read: null,
    form: { definitions: definition.fields, before: [], after: saved.fields, inputPaths: saved.inputPaths },
    after: { studyPatientId: unit.ws.patient.id, visitId: visit?.id ?? null, definitionId: definition.id, state: saved.state },
    visitId: visit?.id ?? null,
    concerns: 'documentation',
    reason: input.reasonForChange ?? null,
    write: (trx, stamp) =>
      insertInstrument(trx, {
        study_patient_id: unit.ws.patient.id,
        visit_id: visit?.id ?? null,
        definition_id: definition.id,
        sort_order: definition.order,
        fields: JSON.stringify(saved.fields),
        state: saved.state,
        created_by: stamp.changedBy,
        changed_by: stamp.changedBy,
      }),
  });
  return stored(unit)(row);
}

export async function saveInstrument(
  db: Kysely<DB>,
  caller: CurrentUser,
  id: string,
  input: { version: number; fields: FieldInput[]; reasonForChange?: string },
): Promise<InstrumentDto> {
  const studyPatientId = await studyPatientOfInstrument(db, id);
  return writeDocumentation(db, caller, { studyPatientId, hiddenAs: 'instrument' }, (unit) => saveInstrumentIn(unit, id, input));
}

/** Saves an instrument's form within a write, over the version read. */
export async function saveInstrumentIn(
  unit: DocumentationUnit,
  id: string,
  input: { version: number; fields: FieldInput[]; reasonForChange?: string },
): Promise<InstrumentDto> {
  const { instrument, visit } = instrumentOf(unit, id);
  const definition = instrumentDefinitionOf(unit.ws, instrument.definitionId, visit);
  const place = { kind: 'instrument', instrumentId: id, state: instrument.state } as const;
  const saved = saveAt(unit, place, definition, instrument.fields, input.fields);
  if (instrument.version === input.version && saved.changedFieldIds.length === 0) return instrument;
  const row = await unit.apply({
    table: 'instrument',
    operation: 'Update',
    read: { id, version: input.version },
    form: { definitions: definition.fields, before: instrument.fields, after: saved.fields, inputPaths: saved.inputPaths },
    before: { state: instrument.state },
    after: { state: saved.state },
    visitId: visit?.id ?? null,
    concerns: 'documentation',
    instrument,
    reason: input.reasonForChange ?? null,
    write: (trx, stamp) =>
      saveInstrumentRow(trx, id, input.version, {
        fields: JSON.stringify(saved.fields),
        state: saved.state,
        version: stamp.version,
        changed_at: stamp.changedAt,
        changed_by: stamp.changedBy,
      }),
    current: async (trx) => {
      const newer = await findInstrumentRow(trx, id);
      return newer ? stored(unit)(newer) : { id, version: instrument.version };
    },
  });
  return stored(unit)(row);
}

export async function deleteInstrument(db: Kysely<DB>, caller: CurrentUser, id: string, reasonOfChange: string): Promise<void> {
  const studyPatientId = await studyPatientOfInstrument(db, id);
  await writeDocumentation(db, caller, { studyPatientId, hiddenAs: 'instrument' }, (unit) =>
    deleteInstrumentIn(unit, instrumentOf(unit, id).instrument, reasonOfChange),
  );
}

/** Deletes an instrument (softly: it stays, marked deleted) within a write; a visit's deletion deletes its instruments so. */
export async function deleteInstrumentIn(unit: DocumentationUnit, instrument: InstrumentDto, reason: string): Promise<void> {
  await unit.apply({
    table: 'instrument',
    operation: 'Delete',
    read: { id: instrument.id, version: instrument.version },
    form: { definitions: [], before: instrument.fields, after: instrument.fields },
    before: { isDeleted: false },
    after: { isDeleted: true },
    visitId: instrument.visitId,
    concerns: 'documentation',
    instrument,
    reason,
    write: (trx, stamp) =>
      saveInstrumentRow(trx, instrument.id, instrument.version, {
        is_deleted: true,
        version: stamp.version,
        changed_at: stamp.changedAt,
        changed_by: stamp.changedBy,
      }),
  });
}
