/** The questionnaire system's per-request loads: a patient's interviews (the questionnaire versions ride along, context.ts). */
import DataLoader from 'dataloader';
import type { PatientContext } from '../patients/models.js';
import type { BackendClient } from '../upstream/backend-client.js';
import { nullIfNotFound } from '../upstream/upstream-error.js';
import type { QuestionnaireInterview } from './models.js';

export function createQuestionnaireLoaders(backend: BackendClient, patientContexts: DataLoader<string, PatientContext | null>) {
  return {
    /** The interviews of a study patient by id, read by its pseudonym (unless they came with its context). */
    patientInterviews: new DataLoader<string, QuestionnaireInterview[]>((ids) =>
      Promise.all(
        ids.map(async (studyPatientId) => {
          const patient = await patientContexts.load(studyPatientId);
          if (!patient) return [];
          const all = await nullIfNotFound(
            backend.call('get', '/api/v1.0/SynQuest/interviews', { query: { patientIdentifier: patient.pseudonym } }),
          );
          return (all ?? []).filter((interview) => interview.studyPatientId === studyPatientId);
        }),
      ),
    ),
  };
}
