/**
 * Per-request loader of oBDS imports with their messages (GET ObdsImport/{id}). A screen reads one import at a time,
 * so there is no batch call; the loader keeps a request from reading the same import twice.
 */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import type { ObdsImportModel } from './models.js';

export function createObdsImportLoaders(backend: BackendClient) {
  return {
    obdsImports: new DataLoader<string, ObdsImportModel>((ids) =>
      Promise.all(ids.map((id) => backend.call('get', '/api/v1.0/ObdsImport/{id}', { path: { id } }))),
    ),
  };
}
