/**
 * Loading a study patient with everything documented for it: visits, their instruments, standalone
 * instruments and case process steps, in a fixed number of queries whatever their count (ecrf-calls.md §3
 * "Study patient context"; ARCHITECTURE.md batching). The same load feeds the rule engine's context.
 */
import { withFormInPlace, type DataFieldInstance, type FormPlace, type Instrument, type InstrumentState, type StudyPatientContext, type Visit } from '@ecrf/rules';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../db/schema.js';
import { notFound } from '../errors/errors.js';
import type { CaseProcessStepTable, InstrumentTable, SignatureData, VisitTable } from '../patients/patients.tables.js';

export type StudyPatientRow = {
  id: string; patientId: string; pseudonym: string; registrationDate: string; isMlPatient: boolean; studyId: string;
  studyInstituteId: string; instituteId: string; instituteIdentifier: string; instituteDisplayName: string; isDigiNet: boolean;
  studyDefinitionId: string; definitionVersion: number; fields: DataFieldInstance[]; portalRegisteredAt: Date | null;
  isDeleted: boolean; version: number;
};

export function selectStudyPatients(db: Kysely<DB>) {
  return db.selectFrom('study_patient as sp')
    .innerJoin('patient as p', 'p.id', 'sp.patient_id')
    .innerJoin('study_institute as si', 'si.id', 'sp.study_institute_id')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select([
      'sp.id', 'sp.patient_id as patientId', 'p.pseudonym', 'p.registration_date as registrationDate', 'p.is_ml_patient as isMlPatient',
      'sp.study_id as studyId', 'sp.study_institute_id as studyInstituteId', 'i.id as instituteId', 'i.identifier as instituteIdentifier',
      'i.display_name as instituteDisplayName', sql<string | null>`i.additional_info->>'isDigiNet'`.as('isDigiNetText'),
      'sp.study_definition_id as studyDefinitionId', 'sp.definition_version as definitionVersion', 'sp.fields',
      'sp.portal_registered_at as portalRegisteredAt', 'sp.is_deleted as isDeleted', 'sp.version',
    ]);
}

type Selected = Omit<StudyPatientRow, 'isDigiNet'> & { isDigiNetText: string | null };
export const toStudyPatientRow = ({ isDigiNetText, ...row }: Selected): StudyPatientRow => ({ ...row, isDigiNet: isDigiNetText === 'true' });

export async function loadStudyPatient(db: Kysely<DB>, id: string): Promise<StudyPatientRow> {
  const row = await selectStudyPatients(db).where('sp.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('study patient');
  return toStudyPatientRow(row);
}

export type InstrumentDto = {
  id: string; studyPatientId: string; visitId: string | null; definitionId: string; identifier: string; order: number;
  fields: DataFieldInstance[]; tags: string[]; state: InstrumentState; locked: boolean; isDeleted: boolean; version: number;
  creationDate: string; creatingUser: string; changeDate: string; changingUser: string;
};

export type VisitDto = {
  id: string; studyPatientId: string; definitionId: string; identifier: string; order: number; fields: DataFieldInstance[];
  tags: string[]; visitDate: string | null; assignedInstituteId: string | null; state: InstrumentState; isNew: boolean;
  isSigned: boolean; signatureData: SignatureData | null; locked: boolean; isDeleted: boolean; version: number;
  creationDate: string; creatingUser: string; changeDate: string; changingUser: string; instruments: InstrumentDto[];
};

export type CaseProcessStepDto = {
  id: string; studyPatientId: string; visitId: string; definitionIdentifier: string; state: 'complete' | 'incomplete' | 'stop';
  order: number; mainStateIdentifier: string | null; subStates: string[];
};

/** Identifiers come from the definition; the caller passes a look-up (the definition index). */
export type IdentifierOf = (definitionId: string) => string;

export function instrumentDto(row: Selectable<InstrumentTable>, identifierOf: IdentifierOf): InstrumentDto {
  return {
    id: row.id, studyPatientId: row.study_patient_id, visitId: row.visit_id, definitionId: row.definition_id,
    identifier: identifierOf(row.definition_id), order: row.sort_order, fields: row.fields, tags: row.tags, state: row.state,
    locked: row.locked, isDeleted: row.is_deleted, version: row.version, creationDate: row.created_at.toISOString(),
    creatingUser: row.created_by, changeDate: row.changed_at.toISOString(), changingUser: row.changed_by,
  };
}

export function visitDto(row: Selectable<VisitTable>, instruments: InstrumentDto[], identifierOf: IdentifierOf): VisitDto {
  return {
    id: row.id, studyPatientId: row.study_patient_id, definitionId: row.definition_id, identifier: identifierOf(row.definition_id),
    order: row.sort_order, fields: row.fields, tags: row.tags, visitDate: row.visit_date, assignedInstituteId: row.assigned_institute_id,
    state: row.state, isNew: row.state === 'new', isSigned: row.is_signed, signatureData: row.signature_data, locked: row.locked,
    isDeleted: row.is_deleted, version: row.version, creationDate: row.created_at.toISOString(), creatingUser: row.created_by,
    changeDate: row.changed_at.toISOString(), changingUser: row.changed_by, instruments,
  };
}

export function stepDto(row: Selectable<CaseProcessStepTable>): CaseProcessStepDto {
  return {
    id: row.id, studyPatientId: row.study_patient_id, visitId: row.visit_id, definitionIdentifier: row.definition_identifier,
    state: row.state, order: row.step_order, mainStateIdentifier: row.main_state_identifier, subStates: row.sub_states,
  };
}

export type PatientDocuments = { visits: VisitDto[]; standaloneInstruments: InstrumentDto[]; caseProcessSteps: CaseProcessStepDto[] };

/** Three queries for any number of visits and instruments. */
export async function loadPatientDocuments(db: Kysely<DB>, studyPatientId: string, identifierOf: IdentifierOf): Promise<PatientDocuments> {
  const [visits, instruments, steps] = await Promise.all([
    db.selectFrom('visit').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('sort_order').orderBy('created_at').execute(),
    db.selectFrom('instrument').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('sort_order').orderBy('created_at').execute(),
    db.selectFrom('case_process_step').selectAll().where('study_patient_id', '=', studyPatientId).orderBy('step_order').execute(),
  ]);
  const dtos = instruments.map((row) => instrumentDto(row, identifierOf));
  return {
    visits: visits.map((row) => visitDto(row, dtos.filter((i) => i.visitId === row.id), identifierOf)),
    standaloneInstruments: dtos.filter((i) => i.visitId === null),
    caseProcessSteps: steps.map(stepDto),
  };
}

const asInstrument = (i: InstrumentDto): Instrument => ({ ...i });
const asVisit = (v: VisitDto): Visit => ({ ...v, instruments: v.instruments.map(asInstrument) });

/** The rule engine's view of the patient, with one form replaced by its fields being saved. */
export function rulesPatientContext(
  patient: StudyPatientRow, documents: PatientDocuments, place?: FormPlace, fields?: readonly DataFieldInstance[],
): StudyPatientContext {
  const stored: StudyPatientContext = {
    id: patient.id,
    patientId: patient.patientId,
    fields: patient.fields,
    visits: documents.visits.map(asVisit),
    standaloneInstruments: documents.standaloneInstruments.map(asInstrument),
  };
  return place && fields ? withFormInPlace(stored, place, fields) : stored;
}
