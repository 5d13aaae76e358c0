import { graphql, useMutation } from 'react-relay';
import type { SubmitQuestionnaireAnswersMutation } from '../__generated__/SubmitQuestionnaireAnswersMutation.graphql';

/** Public: the access code is the credential; the answer says only whether the answers were stored. */
export function useSubmitQuestionnaireAnswersMutation() {
  return useMutation<SubmitQuestionnaireAnswersMutation>(graphql`
    mutation SubmitQuestionnaireAnswersMutation($input: SubmitQuestionnaireAnswersInput!) {
      submitQuestionnaireAnswers(input: $input) {
        submitted
        errors {
          code
          path
          message
        }
      }
    }
  `);
}
