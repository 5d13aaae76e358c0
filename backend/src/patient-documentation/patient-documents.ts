/**
 * Loading a study patient with everything documented for it: visits, their instruments, standalone
 * instruments and case process steps, in a fixed number of queries whatever their count (ecrf-calls.md §3
 * "Study patient context"; ARCHITECTURE.md batching). The same load feeds the rule engine's context.
 */
import type { DataFieldInstance, InstrumentState, PatientDocumentation } from '@ecrf/rules';
import type { Kysely, Selectable } from 'kysely';
import type { CaseProcessStepTable, DB, InstrumentTable, VisitTable } from '../__generated__/database.js';
import type { SignatureData, SignatureWithdrawal } from '../db/json-columns.js';
import { notFound } from '../errors/errors.js';
import { findDocumentRows, findStudyPatients, type StudyPatientRow } from './study-patients.sql.js';

export async function loadStudyPatient(db: Kysely<DB>, id: string): Promise<StudyPatientRow> {
  const [row] = await findStudyPatients(db, { id, includeDeleted: true });
  if (!row) throw notFound('study patient');
  return row;
}

export type InstrumentDto = {
  id: string;
  studyPatientId: string;
  visitId: string | null;
  definitionId: string;
  identifier: string;
  order: number;
  fields: DataFieldInstance[];
  tags: string[];
  state: InstrumentState;
  locked: boolean;
  isDeleted: boolean;
  version: number;
  creationDate: string;
  creatingUser: string;
  changeDate: string;
  changingUser: string;
};

export type VisitDto = {
  id: string;
  studyPatientId: string;
  definitionId: string;
  identifier: string;
  order: number;
  fields: DataFieldInstance[];
  tags: string[];
  visitDate: string | null;
  assignedInstituteId: string | null;
  state: InstrumentState;
  isNew: boolean;
  isSigned: boolean;
  signatureData: SignatureData | null;
  /** The last signature a change withdrew, with who withdrew it, when and why. */
  signatureWithdrawal: SignatureWithdrawal | null;
  locked: boolean;
  isDeleted: boolean;
  version: number;
  creationDate: string;
  creatingUser: string;
  changeDate: string;
  changingUser: string;
  instruments: InstrumentDto[];
};

export type CaseProcessStepDto = {
  id: string;
  studyPatientId: string;
  visitId: string;
  definitionIdentifier: string;
  state: 'complete' | 'incomplete' | 'stop';
  order: number;
  mainStateIdentifier: string | null;
  subStates: string[];
  version: number;
};

/** Identifiers come from the definition; the caller passes a look-up (the definition index). */
export type IdentifierOf = (definitionId: string) => string;

export function instrumentDto(row: Selectable<InstrumentTable>, identifierOf: IdentifierOf): InstrumentDto {
  return {
    id: row.id,
    studyPatientId: row.study_patient_id,
    visitId: row.visit_id,
    definitionId: row.definition_id,
    identifier: identifierOf(row.definition_id),
    order: row.sort_order,
    fields: row.fields,
    tags: row.tags,
    state: row.state,
    locked: row.locked,
    isDeleted: row.is_deleted,
    version: row.version,
    creationDate: row.created_at.toISOString(),
    creatingUser: row.created_by,
    changeDate: row.changed_at.toISOString(),
    changingUser: row.changed_by,
  };
}

export function visitDto(row: Selectable<VisitTable>, instruments: InstrumentDto[], identifierOf: IdentifierOf): VisitDto {
  return {
    id: row.id,
    studyPatientId: row.study_patient_id,
    definitionId: row.definition_id,
    identifier: identifierOf(row.definition_id),
    order: row.sort_order,
    fields: row.fields,
    tags: row.tags,
    visitDate: row.visit_date,
    assignedInstituteId: row.assigned_institute_id,
    state: row.state,
    isNew: row.state === 'new',
    isSigned: row.is_signed,
    signatureData: row.signature_data,
    signatureWithdrawal: row.signature_withdrawal,
    locked: row.locked,
    isDeleted: row.is_deleted,
    version: row.version,
    creationDate: row.created_at.toISOString(),
    creatingUser: row.created_by,
    changeDate: row.changed_at.toISOString(),
    changingUser: row.changed_by,
    instruments,
  };
}

export function stepDto(row: Selectable<CaseProcessStepTable>): CaseProcessStepDto {
  return {
    id: row.id,
    studyPatientId: row.study_patient_id,
    visitId: row.visit_id,
    definitionIdentifier: row.definition_identifier,
    state: row.state,
    order: row.step_order,
    mainStateIdentifier: row.main_state_identifier,
    subStates: row.sub_states,
    version: row.version,
  };
}

export type PatientDocuments = { visits: VisitDto[]; standaloneInstruments: InstrumentDto[]; caseProcessSteps: CaseProcessStepDto[] };

/** Three queries for any number of visits and instruments. */
export async function loadPatientDocuments(db: Kysely<DB>, studyPatientId: string, identifierOf: IdentifierOf): Promise<PatientDocuments> {
  const { visits, instruments, steps } = await findDocumentRows(db, studyPatientId);
  const dtos = instruments.map((row) => instrumentDto(row, identifierOf));
  return {
    visits: visits.map((row) =>
      visitDto(
        row,
        dtos.filter((i) => i.visitId === row.id),
        identifierOf,
      ),
    ),
    standaloneInstruments: dtos.filter((i) => i.visitId === null),
    caseProcessSteps: steps.map(stepDto),
  };
}

/** The patient's documentation as stored, as the rule engine reads it (the patient's location included). */
export function storedDocumentation(patient: StudyPatientRow, documents: PatientDocuments): PatientDocumentation {
  return {
    id: patient.id,
    patientId: patient.patientId,
    fields: patient.fields,
    visits: documents.visits,
    standaloneInstruments: documents.standaloneInstruments,
    location: {
      id: patient.instituteId,
      identifier: patient.instituteIdentifier,
      displayName: patient.instituteDisplayName,
      isDigiNet: patient.isDigiNet,
    },
  };
}

export type LocatedField = {
  field: DataFieldInstance;
  path: DataFieldInstance[];
  visit: VisitDto | null;
  instrument: InstrumentDto | null;
};

function pathIn(fields: readonly DataFieldInstance[], id: string): DataFieldInstance[] | undefined {
  for (const field of fields) {
    if (field.id === id) return [field];
    const inner = pathIn(field.childFields, id);
    if (inner) return [field, ...inner];
  }
  return undefined;
}

/**
 * A field instance in the patient's fields or in a (not deleted) visit's or instrument's fields, with the
 * path to it and its holder; field ids are stable uuids inside the jsonb trees.
 */
export function locateField(
  patientFields: readonly DataFieldInstance[],
  documents: PatientDocuments,
  id: string,
): LocatedField | undefined {
  const at = (fields: readonly DataFieldInstance[], visit: VisitDto | null, instrument: InstrumentDto | null) => {
    const path = pathIn(fields, id);
    const field = path?.at(-1);
    return path && field ? { field, path, visit, instrument } : undefined;
  };
  const visits = documents.visits.filter((v) => !v.isDeleted);
  const holders = [
    ...visits.flatMap((visit) =>
      visit.instruments.filter((i) => !i.isDeleted).map((instrument) => ({ fields: instrument.fields, visit, instrument })),
    ),
    ...documents.standaloneInstruments
      .filter((i) => !i.isDeleted)
      .map((instrument) => ({ fields: instrument.fields, visit: null, instrument })),
    ...visits.map((visit) => ({ fields: visit.fields, visit, instrument: null })),
  ];
  const inPatient = at(patientFields, null, null);
  if (inPatient) return inPatient;
  for (const holder of holders) {
    const found = at(holder.fields, holder.visit, holder.instrument);
    if (found) return found;
  }
  return undefined;
}
