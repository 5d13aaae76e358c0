/**
 * A loaded patient context as the rules' `PatientDocumentation` (schema.graphql `StudyPatient.documentation`).
 * The gateway's own evaluation reads it with the backend's ids; the graph serves it with global ids (records,
 * chosen organizations and persons; fields by order), so a client evaluates the same document and names
 * records in mutations by what it read.
 */
import type { DataFieldInstance, DocumentedInstrument, FieldValue, FormPlace, PatientDocumentation } from '@ecrf/rules';
import { toGlobalId } from '../graph/global-id.js';
import type { DefinitionVersion } from '../study-definitions/definition-models.js';
import { instancesOf, type InstrumentDto, type PatientContext } from './models.js';

/** How the records of the document are named: the backend's ids, or the graph's global ids. */
type RecordIds = {
  patient: (id: string) => string;
  visit: (id: string) => string;
  instrument: (id: string) => string;
  field: (id: string) => string;
  institute: (id: string) => string;
  organization: (id: string) => string;
  person: (id: string) => string;
};

const same = (id: string): string => id;
const BACKEND_IDS: RecordIds = {
  patient: same,
  visit: same,
  instrument: same,
  field: same,
  institute: same,
  organization: same,
  person: same,
};

function globalIds(studyPatientId: string): RecordIds {
  return {
    patient: (id) => toGlobalId('StudyPatient', id),
    visit: (id) => toGlobalId('Visit', `${studyPatientId}/${id}`),
    instrument: (id) => toGlobalId('Instrument', `${studyPatientId}/${id}`),
    field: (id) => toGlobalId('DataField', `${studyPatientId}/${id}`),
    institute: (id) => toGlobalId('Institute', id),
    organization: (id) => toGlobalId('Organization', id),
    person: (id) => toGlobalId('Person', id),
  };
}

function documentOf(patient: PatientContext, ids: RecordIds): PatientDocumentation {
  const value = (v: FieldValue): FieldValue => ({
    ...v,
    organization: v.organization ? { ...v.organization, id: ids.organization(v.organization.id) } : (v.organization ?? null),
    person: v.person ? { ...v.person, id: ids.person(v.person.id) } : (v.person ?? null),
  });
  const fields = (list: readonly unknown[]): DataFieldInstance[] =>
    ids === BACKEND_IDS
      ? [...instancesOf(list)]
      : [...instancesOf(list)]
          .sort((a, b) => a.order - b.order)
          .map((field) => ({ ...field, id: ids.field(field.id), values: field.values.map(value), childFields: fields(field.childFields) }));
  const instrument = (i: InstrumentDto): DocumentedInstrument => ({
    id: ids.instrument(i.id),
    definitionId: i.definitionId,
    identifier: i.identifier,
    fields: fields(i.fields),
    tags: i.tags,
    order: i.order,
    isDeleted: i.isDeleted,
    state: i.state,
    locked: i.locked,
    version: i.version,
  });
  return {
    id: ids.patient(patient.id),
    patientId: patient.pseudonym,
    fields: fields(patient.fields),
    visits: patient.visits.map((v) => ({
      id: ids.visit(v.id),
      definitionId: v.definitionId,
      identifier: v.identifier,
      fields: fields(v.fields),
      instruments: v.instruments.map(instrument),
      tags: v.tags,
      order: v.order,
      isDeleted: v.isDeleted,
      isNew: v.isNew,
      state: v.state,
      isSigned: v.isSigned,
      locked: v.locked,
      visitDate: v.visitDate,
      assignedInstituteId: v.assignedInstituteId === null ? null : ids.institute(v.assignedInstituteId),
      version: v.version,
    })),
    standaloneInstruments: patient.standaloneInstruments.map(instrument),
    location: {
      id: ids.institute(patient.instituteId),
      identifier: patient.instituteIdentifier,
      displayName: patient.instituteDisplayName,
      isDigiNet: patient.isDigiNet,
    },
  };
}

/** The definition version the patient is documented under. */
export const definitionVersionOf = (patient: PatientContext): DefinitionVersion => ({
  studyDefinitionId: patient.studyDefinitionId,
  version: patient.definitionVersion,
});

const stored = new WeakMap<PatientContext, PatientDocumentation>();

/** The documentation with the backend's ids, as the gateway's evaluation reads it; built once per loaded context. */
export function storedDocumentation(patient: PatientContext): PatientDocumentation {
  let document = stored.get(patient);
  if (!document) {
    document = documentOf(patient, BACKEND_IDS);
    stored.set(patient, document);
  }
  return document;
}

/** The documentation with global ids, as the graph serves it. */
export const graphDocumentation = (patient: PatientContext): PatientDocumentation => documentOf(patient, globalIds(patient.id));

/** The place of a stored instrument's form, with its stored state. */
export const instrumentPlace = (instrument: InstrumentDto): FormPlace => ({
  kind: 'instrument',
  instrumentId: instrument.id,
  state: instrument.state,
});
