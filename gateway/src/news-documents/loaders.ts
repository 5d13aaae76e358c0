/** Per-request loaders of the news documents: one document per id (node, payloads) and the lists per filter. */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { UpstreamError } from '../upstream/upstream-error.js';
import type { NewsDocument } from './models.js';

export type NewsListQuery = { FilterNewsDocuments?: NewsDocument['kind']; FilterByDigiNet?: boolean; IncludeDeleted?: boolean };

export function createNewsDocumentLoaders(backend: BackendClient) {
  return {
    // Documents are read one by one (a screen lists them with the list call); a hidden one is null.
    newsDocuments: new DataLoader<string, NewsDocument | null>((ids) =>
      Promise.all(
        ids.map((documentId) =>
          backend.call('get', '/api/v1.0/NewsDocument/{documentId}', { path: { documentId } }).catch((error: unknown) => {
            if (error instanceof UpstreamError && error.status === 404) return null;
            throw error;
          }),
        ),
      ),
    ),
    newsDocumentLists: new DataLoader<string, NewsDocument[]>((keys) =>
      Promise.all(keys.map((key) => backend.call('get', '/api/v1.0/NewsDocument', { query: JSON.parse(key) as NewsListQuery }))),
    ),
  };
}
