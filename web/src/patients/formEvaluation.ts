/**
 * The rule inputs of a documentation form, built from the screen's data the way the server builds them
 * (docs/rules.md "Evaluation inputs"): the patient's stored documentation, the viewer, the patient's
 * location as selected institute and "today" as the registry's day (Europe/Berlin). `formEvaluationOptions`
 * of @ecrf/rules puts the edited form in place, with the state it gives, as the server's save does.
 */
import { registryToday, type PatientEvaluationInput } from '@ecrf/rules';
import type { DocumentationPatient, DocumentationQuery } from './documentationContext';
import type { NetworkDirectory } from '../forms/formContext';

/** The patient's rule inputs from the screen's data, as the server builds them; "today" is the registry's day now. */
export function patientEvaluationInput(patient: DocumentationPatient, viewer: DocumentationQuery['viewer']): PatientEvaluationInput {
  return {
    index: patient.index,
    stored: patient.documentation,
    patient,
    viewer: { id: viewer.user.id, userName: viewer.user.userName, roleIdentifier: viewer.role.identifier },
    location: patient.documentation.location,
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
