/**
 * Identity data on study patients (schema.graphql "Pseudonymisation"): `identity` through the batched
 * identity loader (one read token and one service request per page), and the master data change log.
 */
import type { StudyPatientResolvers } from '../__generated__/resolvers.js';
import type { GatewayContext } from '../context.js';
import { contextOf } from '../patients/patients.resolvers.js';
import type { StudyPatient } from '../patients/models.js';
import { rethrowForField } from './identity-errors.js';
import { connectionFromList } from '../graph/connection.js';

/** The registry patient (Patient.id) of a study patient: from its table row, else from its loaded context. */
export async function patientIdOf(patient: StudyPatient, context: GatewayContext): Promise<string> {
  return patient.listItem?.patientId ?? (await contextOf(patient.id, context)).patientId;
}

export const StudyPatientIdentityFields: Pick<StudyPatientResolvers, 'identity' | 'masterDataChanges'> = {
  identity: async (patient, _, context) => {
    // The table's row or the context says whether an identity is linked: without one, no read token is asked for.
    if (!(patient.listItem?.hasIdentity ?? (await contextOf(patient.id, context)).hasIdentity)) return null;
    const patientId = await patientIdOf(patient, context);
    return context.loaders.identities.load(patientId).catch((error: unknown) => rethrowForField(error, context));
  },
  masterDataChanges: async (patient, paging, context) => {
    const log = await context.backend.call('get', '/api/v1.0/NngmStudyPatient/{studyPatientId}/UpdateNngmStudyPatientDataLog', {
      path: { studyPatientId: patient.id },
    });
    const changes = log.map((entry) => ({
      changedAt: entry.changedAt,
      userName: entry.userName,
      variant: entry.variant === 'ML' ? ('ML' as const) : ('STANDARD' as const),
      fieldNames: entry.fieldNames,
    }));
    return connectionFromList(changes, paging, changes.length);
  },
};
