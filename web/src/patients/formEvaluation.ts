/**
 * The rule inputs of a documentation form, built from the screen's data the way the server builds them
 * (docs/rules.md "Evaluation inputs"): the patient's stored documentation, the viewer, the patient's
 * location as selected institute and "today" as the registry's day (Europe/Berlin). `formEvaluationOptions`
 * of @ecrf/rules puts the edited form in place, with the state it gives, as the server's save does.
 */
import {
  registryToday,
  type DefinitionIndex,
  type InstrumentState,
  type PatientEvaluationInput,
  type StudyPatientContext,
} from '@ecrf/rules';
import type { DocumentationInstrument, DocumentationPatient, DocumentationQuery } from './documentationContext';
import type { NetworkDirectory } from '../forms/formContext';
import { toInstances } from '../forms/instances';

type Patient = DocumentationPatient;
type GraphState = Patient['visits'][number]['state'];

const states: Record<string, InstrumentState> = { NEW: 'new', MISSING_DATA: 'missing_data', COMPLETE: 'complete' };
export const rulesState = (state: GraphState): InstrumentState => states[state] ?? 'new';

const instrumentOf = (i: DocumentationInstrument) => ({
  id: i.id,
  definitionId: i.definition?.definitionId ?? '',
  identifier: i.definition?.identifier,
  fields: toInstances(i.fields),
  tags: i.tags,
  state: rulesState(i.state),
  locked: i.locked,
});

/** The patient's stored documentation as the rules read it (ids are the graph's). */
export function storedPatientContext(patient: Patient): StudyPatientContext {
  return {
    id: patient.id,
    patientId: patient.pseudonym,
    fields: toInstances(patient.fields),
    visits: patient.visits.map((v) => ({
      id: v.id,
      definitionId: v.definition?.definitionId ?? '',
      identifier: v.definition?.identifier,
      fields: toInstances(v.fields),
      instruments: v.instruments.map(instrumentOf),
      tags: v.tags,
      state: rulesState(v.state),
      isNew: v.state === 'NEW',
      isSigned: v.isSigned,
      locked: v.locked,
      visitDate: v.visitDate,
      assignedInstituteId: v.assignedInstitute?.id ?? null,
    })),
    standaloneInstruments: patient.standaloneInstruments.map(instrumentOf),
  };
}

type Inputs = { patient: Patient; viewer: DocumentationQuery['viewer']; stored: StudyPatientContext; index: DefinitionIndex };

/** The patient's rule inputs from the screen's data, as the server builds them; "today" is the registry's day now. */
export function patientEvaluationInput({ patient, viewer, stored, index }: Inputs): PatientEvaluationInput {
  return {
    index,
    stored,
    patient,
    viewer: { id: viewer.user.id, userName: viewer.user.userName, roleIdentifier: viewer.role.identifier },
    location: patient.location
      ? {
          id: patient.location.institute.id,
          identifier: patient.location.identifier,
          displayName: patient.location.displayName,
          isDigiNet: patient.isDigiNet,
        }
      : null,
    today: registryToday(new Date()),
  };
}

/** The network master data as the picker fields offer it (ids as network fields store them). */
export function networkDirectory(query: DocumentationQuery): NetworkDirectory {
  return {
    organizations: query.organizations.edges.map(({ node }) => ({ id: node.id, displayName: node.displayName })),
    persons: query.persons.edges.map(({ node }) => ({
      id: node.id,
      title: node.title,
      firstName: node.firstName,
      lastName: node.lastName,
      organizationIds: node.organizationPersonAssignments.map((assignment) => assignment.organization.id),
    })),
  };
}
