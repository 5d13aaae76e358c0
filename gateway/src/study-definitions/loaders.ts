/** Per-request loaders of study definition summaries, studies and languages (versions: definition-models.ts). */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import type { Language, Study } from './models.js';

export function createStudyDefinitionLoaders(backend: BackendClient) {
  return {
    studyDefinitionSummaries: (() => {
      let pending: ReturnType<typeof load> | undefined;
      const load = () => backend.call('get', '/api/v1.0/StudyDefinition', {});
      return () => (pending ??= load());
    })(),
    /** Studies by backend id (GET /Study/{id} needs StudyGetCmd; the list has no batch call and studies are few). */
    studies: new DataLoader<string, Study>((ids) =>
      Promise.all(ids.map((id) => backend.call('get', '/api/v1.0/Study/{id}', { path: { id } }))),
    ),
    /** The languages of a definition, by definition id (entries can be edited, so they are not cached beyond the request). */
    languagesOfDefinition: new DataLoader<string, Language[]>((ids) =>
      Promise.all(ids.map((studyDefinitionId) => backend.call('get', '/api/v1.0/Language', { query: { studyDefinitionId } }))),
    ),
    languages: new DataLoader<string, Language>((ids) =>
      Promise.all(ids.map((id) => backend.call('get', '/api/v1.0/Language/{id}', { path: { id } }))),
    ),
  };
}
