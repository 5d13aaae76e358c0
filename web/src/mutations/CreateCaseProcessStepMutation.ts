import { graphql, useMutation } from 'react-relay';
import type { CreateCaseProcessStepMutation } from '../__generated__/CreateCaseProcessStepMutation.graphql';

export function useCreateCaseProcessStepMutation() {
  return useMutation<CreateCaseProcessStepMutation>(graphql`
    mutation CreateCaseProcessStepMutation($input: CreateCaseProcessStepInput!) {
      createCaseProcessStep(input: $input) {
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
