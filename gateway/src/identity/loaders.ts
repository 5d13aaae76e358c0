/**
 * Per-request identity loaders: the service configuration of the backend (once), and the identities of
 * the patients a request shows, batched so a page costs ONE read token (getReadPatientTokenFor*) and ONE
 * request to the service, whatever the number of patients (docs/gateway.md "Identities").
 */
import DataLoader from 'dataloader';
import type { PatientIdentity } from '../__generated__/resolvers.js';
import type { BackendClient } from '../upstream/backend-client.js';
import { once } from '../upstream/loading.js';
import type { HasRight } from '../viewer/rights.js';
import { identityOf } from './identity-fields.js';
import type { ServiceClient } from './service-client.js';

/** The read token call the viewer's rights allow, or null: all patients, or those at the viewer's locations. */
function readTokenPath(has: HasRight) {
  if (has('GetReadPatientTokenForAllPatientsCmd')) return '/api/v1.0/Mainzelliste/getReadPatientTokenForAllPatients' as const;
  if (has('GetReadPatientTokenForMyPatientsCmd')) return '/api/v1.0/Mainzelliste/getReadPatientTokenForMyPatients' as const;
  return null;
}

export function createIdentityLoaders(backend: BackendClient, service: ServiceClient, rights: () => Promise<HasRight>) {
  return {
    identityConfiguration: once(() => backend.call('get', '/api/v1.0/Mainzelliste/getMainzellisteConfiguration', {})),
    /** Identity by registry patient id (Patient.id); null without the right, without a link, or not readable. */
    identities: new DataLoader<string, PatientIdentity | null>(
      async (patientIds) => {
        const path = readTokenPath(await rights());
        if (!path) return patientIds.map(() => null);
        const token = await backend.call('post', path, { body: { requestedPatientIds: [...patientIds] } });
        if (!token.tokenId) return patientIds.map(() => null);
        const stored = await service.readPatients(token.tokenId);
        const byPseudonym = new Map(
          stored.flatMap((row) =>
            row.ids.filter((id) => id.idType === 'pid').map((id) => [id.idString, identityOf(row.fields, id.tentative)] as const),
          ),
        );
        const pseudonymOf = new Map(token.patients.map((patient) => [patient.patientId, patient.pseudonym]));
        return patientIds.map((id) => byPseudonym.get(pseudonymOf.get(id) ?? '') ?? null);
      },
      { maxBatchSize: 500 },
    ),
  };
}

export type IdentityLoaders = ReturnType<typeof createIdentityLoaders>;
