/** Per-request loaders of export jobs: by id in batches (GET ExportJob?ids=). */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { byId } from '../upstream/loading.js';
import type { ExportJob } from './models.js';

export function createExportLoaders(backend: BackendClient) {
  return {
    /** Jobs by backend id; null where the viewer may not see one. */
    exportJobs: new DataLoader<string, ExportJob | null>(async (ids) =>
      byId(ids, await backend.call('get', '/api/v1.0/ExportJob', { query: { ids: ids.join(',') } })),
    ),
  };
}
