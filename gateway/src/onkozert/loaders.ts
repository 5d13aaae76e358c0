/** Per-request loader of the OncoBox imports: the viewer's whole list, read once (a few uploads per location and year). */
import type { BackendClient } from '../upstream/backend-client.js';
import { once } from '../upstream/loading.js';

export function createOnkozertLoaders(backend: BackendClient) {
  return {
    onkozertImports: once(() => backend.call('get', '/api/v1.0/Onkozert/imports', { query: {} })),
  };
}
