/** The questionnaire system's per-request loads: the questionnaire versions, asked for once per operation. */
import type { BackendClient } from '../upstream/backend-client.js';
import { once } from '../upstream/loading.js';

export function createQuestionnaireLoaders(backend: BackendClient) {
  return { questionnaires: once(() => backend.call('get', '/api/v1.0/SynQuest/questionnaires', {})) };
}
