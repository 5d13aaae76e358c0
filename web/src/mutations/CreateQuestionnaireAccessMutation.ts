import { graphql, useMutation } from 'react-relay';
import type { CreateQuestionnaireAccessMutation } from '../__generated__/CreateQuestionnaireAccessMutation.graphql';

/** The answer carries the patient's interviews, so the patient screen shows the new open interview at once. */
export function useCreateQuestionnaireAccessMutation() {
  return useMutation<CreateQuestionnaireAccessMutation>(graphql`
    mutation CreateQuestionnaireAccessMutation($input: CreateQuestionnaireAccessInput!) {
      createQuestionnaireAccess(input: $input) {
        access {
          accessCode
          path
          expiresAt
          respondent
        }
        studyPatient {
          ...QuestionnaireScores_studyPatient
        }
        errors {
          code
          path
          message
        }
      }
    }
  `);
}
