/**
 * Per-request loaders of data queries: by id in batches (GET Query?ids=), all queries of a patient in one call
 * (grouped by subject by the resolvers), their details in batches (GET Query/details), the viewer's templates and the
 * study dashboards.
 */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { byId, once } from '../upstream/loading.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';
import type { DataQuery, DataQueryDetails } from './models.js';
import type { Dashboard } from '../dashboard/models.js';

export function createDataQueryLoaders(backend: BackendClient) {
  const dataQueries = new DataLoader<string, DataQuery | null>(async (ids) =>
    byId(ids, await backend.call('get', '/api/v1.0/Query', { query: { ids: ids.join(',') } })),
  );
  return {
    /** Queries by backend id; null where the viewer may not see one. */
    dataQueries,
    /** Every query of a patient the viewer may see (empty without the right); also fills `dataQueries`. */
    patientDataQueries: new DataLoader<string, DataQuery[]>((ids) =>
      Promise.all(
        ids.map(async (studyPatientId) => {
          const list = await nullIfForbidden(backend.call('get', '/api/v1.0/Query/patient/{studyPatientId}', { path: { studyPatientId } }));
          for (const query of list ?? []) dataQueries.prime(query.id, query);
          return list ?? [];
        }),
      ),
    ),
    /** Field and form labels and the thread's display names of queries, by backend id, one call for a page. */
    dataQueryDetails: new DataLoader<string, DataQueryDetails | null>(async (ids) =>
      // Without QueryGetCmd the queries still show, by user names and without their field's label.
      byId(ids, (await nullIfForbidden(backend.call('get', '/api/v1.0/Query/details', { query: { ids: ids.join(',') } }))) ?? []),
    ),
    dataQueryTemplates: once(() => backend.call('get', '/api/v1.0/QueryTemplate/my', {})),
    dashboards: new DataLoader<string, Dashboard>((studyIds) =>
      Promise.all(studyIds.map((studyId) => backend.call('get', '/api/v1.0/Dashboard/study/{studyId}', { path: { studyId } }))),
    ),
  };
}
