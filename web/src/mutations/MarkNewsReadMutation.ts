import { graphql, useMutation } from 'react-relay';
import type { MarkNewsReadMutation } from '../__generated__/MarkNewsReadMutation.graphql';

export function useMarkNewsReadMutation() {
  return useMutation<MarkNewsReadMutation>(graphql`
    mutation MarkNewsReadMutation($input: MarkNewsReadInput!) {
      markNewsRead(input: $input) {
        viewer {
          id
          hasUnreadNews
        }
        errors {
          code
          message
        }
      }
    }
  `);
}
