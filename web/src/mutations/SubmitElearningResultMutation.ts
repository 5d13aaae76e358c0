import { graphql, useMutation } from 'react-relay';
import type { SubmitElearningResultMutation } from '../__generated__/SubmitElearningResultMutation.graphql';

export function useSubmitElearningResultMutation() {
  return useMutation<SubmitElearningResultMutation>(graphql`
    mutation SubmitElearningResultMutation($input: SubmitElearningResultInput!) {
      submitElearningResult(input: $input) {
        result {
          passed
          correctCount
          questionCount
        }
        # The requirement as it is now: the banners of the documentation screens read it from the store.
        studyDefinition {
          id
          viewerElearningRequirement {
            required
            passed
            pending
          }
          elearning {
            viewerResult {
              passed
              correctCount
              questionCount
            }
          }
        }
        errors {
          code
          message
          path
        }
      }
    }
  `);
}
