/**
 * The rule inputs of a documentation form, built from the screen's data the way the server builds them
 * (docs/backend.md "Rules on the server"): the patient's stored documentation with the edited form in
 * place, the instrument state that form gives, the viewer, the patient's location as selected institute
 * and "today" as the server's UTC day.
 */
import {
  createEvaluationContext, instrumentState, patientDataOf, withFormInPlace,
  type DataFieldDefinition, type DataFieldInstance, type DefinitionIndex, type FormPlace, type InstrumentState, type StudyPatientContext,
} from '@ecrf/rules';
import type { DocumentationInstrument, DocumentationPatient, DocumentationQuery } from './documentationContext';
import type { FormEvaluation } from '../forms/DocumentationForm';
import type { NetworkDirectory } from '../forms/formContext';
import { toInstances } from '../forms/instances';

type Patient = DocumentationPatient;
type GraphState = Patient['visits'][number]['state'];

const states: Record<string, InstrumentState> = { NEW: 'new', MISSING_DATA: 'missing_data', COMPLETE: 'complete' };
export const rulesState = (state: GraphState): InstrumentState => states[state] ?? 'new';

const instrumentOf = (i: DocumentationInstrument) => ({
  id: i.id, definitionId: i.definition?.definitionId ?? '', identifier: i.definition?.identifier, fields: toInstances(i.fields),
  tags: i.tags, state: rulesState(i.state), locked: i.locked,
});

/** The patient's stored documentation as the rules read it (ids are the graph's). */
export function storedPatientContext(patient: Patient): StudyPatientContext {
  return {
    id: patient.id,
    patientId: patient.pseudonym,
    fields: toInstances(patient.fields),
    visits: patient.visits.map((v) => ({
      id: v.id, definitionId: v.definition?.definitionId ?? '', identifier: v.definition?.identifier, fields: toInstances(v.fields),
      instruments: v.instruments.map(instrumentOf), tags: v.tags, state: rulesState(v.state), isNew: v.state === 'NEW',
      isSigned: v.isSigned, locked: v.locked, visitDate: v.visitDate, assignedInstituteId: v.assignedLocationId,
    })),
    standaloneInstruments: patient.standaloneInstruments.map(instrumentOf),
  };
}

const today = (): string => new Date().toISOString().slice(0, 10);

type Inputs = { patient: Patient; viewer: DocumentationQuery['viewer']; stored: StudyPatientContext; index: DefinitionIndex };

/**
 * The evaluation of `fields` at `place`. For instruments the state the fields give is put in place too,
 * since rules may read it (consent 4 needs the consents instrument complete), as the server's save does.
 */
export function formEvaluation({ patient, viewer, stored, index }: Inputs, place: FormPlace, formFields: readonly DataFieldDefinition[], fields: readonly DataFieldInstance[]): FormEvaluation {
  const day = today();
  const base = (patientContext: StudyPatientContext): FormEvaluation => ({
    patientContext,
    patient: patientDataOf(patient, patientContext.fields, index),
    user: { id: viewer.user.id, userName: viewer.user.userName, roleIdentifier: viewer.role.identifier },
    selectedInstitute: patient.location
      ? { id: patient.location.recordId, identifier: patient.location.identifier, displayName: patient.location.displayName, isDigiNet: patient.isDigiNet }
      : null,
    today: day,
  });
  const first = base(withFormInPlace(stored, place, fields));
  if (place.kind !== 'instrument' && place.kind !== 'newInstrument') return first;
  const state = instrumentState(formFields, fields, createEvaluationContext({ ...first, index, current: fields }));
  return state === place.state ? first : base(withFormInPlace(stored, { ...place, state }, fields));
}

/** The network master data as the picker fields offer it (ids as network fields store them). */
export function networkDirectory(query: DocumentationQuery): NetworkDirectory {
  return {
    organizations: query.organizations.edges.map(({ node }) => ({ id: node.masterDataId, displayName: node.displayName })),
    persons: query.persons.edges.map(({ node }) => ({
      id: node.masterDataId, title: node.title, firstName: node.firstName, lastName: node.lastName,
      organizationIds: node.organizationPersonAssignments.map((assignment) => assignment.organization.masterDataId),
    })),
  };
}
