/** Per-request loaders of the patient documentation: whole patient contexts, 50 per backend call. */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { byId } from '../upstream/loading.js';
import type { ContextInclude } from './context-includes.js';
import type { PatientContext } from './models.js';

/**
 * `includes`: the parts the operation reads beside the documentation (context-includes.ts), asked for with
 * each context; `loaded` hands them on.
 */
export function createPatientLoaders(backend: BackendClient, loaded: (context: PatientContext) => void) {
  const patientContextIncludes = new Set<ContextInclude>();
  return {
    patientContextIncludes,
    /** The patient screen's data by study patient id (GET StudyPatient/context?ids=); null when not visible. */
    patientContexts: new DataLoader<string, PatientContext | null>(
      async (ids) => {
        const include = [...patientContextIncludes].sort().join(',');
        const contexts = await backend.call('get', '/api/v1.0/StudyPatient/context', {
          query: { ids: ids.join(','), ...(include && { include }) },
        });
        contexts.forEach(loaded);
        return byId(ids, contexts);
      },
      { maxBatchSize: 50 },
    ),
  };
}
