/** Per-request loaders of the patient documentation: whole patient contexts, 50 per backend call. */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { byId } from '../upstream/loading.js';
import type { PatientContext } from './models.js';

export function createPatientLoaders(backend: BackendClient) {
  return {
    /** The patient screen's data by study patient id (GET StudyPatient/context?ids=); null when not visible. */
    patientContexts: new DataLoader<string, PatientContext | null>(
      async (ids) => byId(ids, await backend.call('get', '/api/v1.0/StudyPatient/context', { query: { ids: ids.join(',') } })),
      { maxBatchSize: 50 },
    ),
  };
}
