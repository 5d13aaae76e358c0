/**
 * Per-request loaders of generic exports: a study's definitions in one call (which also fills the loader by id),
 * a definition by id, and a study's data provider items, which label the items of every definition of the study.
 */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import type { DataProviderItem, GenericExportDefinition } from './models.js';

export function createGenericExportLoaders(backend: BackendClient) {
  // The backend has no batch read of definitions: the study's list is the batch, `node` reads one at a time.
  const genericExportDefinitions = new DataLoader<string, GenericExportDefinition>((ids) =>
    Promise.all(ids.map((id) => backend.call('get', '/api/v1.0/GenericExport/{id}', { path: { id } }))),
  );
  return {
    /** Definitions by backend id, deleted ones included (the backend answers them). */
    genericExportDefinitions,
    /** The definitions of a study that are not deleted, by name; also fills `genericExportDefinitions`. */
    studyGenericExportDefinitions: new DataLoader<string, GenericExportDefinition[]>((studyIds) =>
      Promise.all(
        studyIds.map(async (studyId) => {
          const list = await backend.call('get', '/api/v1.0/GenericExport/study/{studyId}', { path: { studyId } });
          for (const definition of list) genericExportDefinitions.prime(definition.id, definition);
          return list;
        }),
      ),
    ),
    /** The data provider items of a study, in form order. */
    dataProviderItems: new DataLoader<string, DataProviderItem[]>((studyIds) =>
      Promise.all(
        studyIds.map((studyId) => backend.call('get', '/api/v1.0/GenericExport/study/{studyId}/dataProviderItems', { path: { studyId } })),
      ),
    ),
  };
}
