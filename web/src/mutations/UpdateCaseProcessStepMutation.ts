import { graphql, useMutation } from 'react-relay';
import type { UpdateCaseProcessStepMutation } from '../__generated__/UpdateCaseProcessStepMutation.graphql';

export function useUpdateCaseProcessStepMutation() {
  return useMutation<UpdateCaseProcessStepMutation>(graphql`
    mutation UpdateCaseProcessStepMutation($input: UpdateCaseProcessStepInput!) {
      updateCaseProcessStep(input: $input) {
        steps {
          id
          visit {
            id
            ...CaseProgressScreen_visit
          }
        }
        errors {
          code
          path
          fieldId
          message
        }
      }
    }
  `);
}
