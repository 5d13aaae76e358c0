/** Per-request loaders of the patient documentation: whole patient contexts, 50 per backend call. */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { byId } from '../upstream/loading.js';
import { boardAll, type RideAlong } from '../upstream/ride-along.js';
import type { ContextInclude } from './context-includes.js';
import type { PatientContext } from './models.js';

type Included = NonNullable<PatientContext['included']>;

/** The loads of the operation that may come with its first context call, by the include that brings them. */
export type ContextRiders = { [Part in 'viewer' | 'questionnaires']: RideAlong<NonNullable<Included[Part]>> };

/**
 * `includes`: the parts the operation reads beside the documentation (context-includes.ts), asked for with
 * each context; `loaded` hands them on. `riders`: asked for in the turn a context call goes out, they come with it.
 */
export function createPatientLoaders(backend: BackendClient, loaded: (context: PatientContext) => void, riders: ContextRiders) {
  const patientContextIncludes = new Set<ContextInclude>();
  return {
    patientContextIncludes,
    /** The patient screen's data by study patient id (GET StudyPatient/context?ids=); null when not visible. */
    patientContexts: new DataLoader<string, PatientContext | null>(
      async (ids) => {
        // Every operation that reads documentation evaluates it for the viewer: the viewer comes with its first context.
        riders.viewer.want();
        const boarding = boardAll(riders);
        const include = [...patientContextIncludes, ...boarding.parts].sort().join(',');
        let contexts: PatientContext[] | undefined;
        try {
          contexts = await backend.call('get', '/api/v1.0/StudyPatient/context', {
            query: { ids: ids.join(','), ...(include && { include }) },
          });
        } finally {
          // null (the part's right is missing) and a failed call leave the part to its own call, which answers as before.
          boarding.settle(contexts?.[0]?.included);
        }
        contexts.forEach(loaded);
        return byId(ids, contexts);
      },
      { maxBatchSize: 50 },
    ),
  };
}
