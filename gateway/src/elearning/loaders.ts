/** The viewer's e-learning requirement per study definition, once per request (or with a patient context). */
import DataLoader from 'dataloader';
import type { BackendClient } from '../upstream/backend-client.js';
import { nullIfForbidden } from '../upstream/upstream-error.js';

export function createElearningLoaders(backend: BackendClient) {
  return {
    elearningRequirements: new DataLoader((studyDefinitionIds: readonly string[]) =>
      Promise.all(
        studyDefinitionIds.map((studyDefinitionId) =>
          nullIfForbidden(
            backend.call('get', '/api/v1.0/ELearningResult/studyDefinition/{studyDefinitionId}/require', { path: { studyDefinitionId } }),
          ),
        ),
      ),
    ),
  };
}
