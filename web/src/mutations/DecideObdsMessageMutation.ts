import { graphql, useMutation } from 'react-relay';
import type { DecideObdsMessageMutation } from '../__generated__/DecideObdsMessageMutation.graphql';

export function useDecideObdsMessageMutation() {
  return useMutation<DecideObdsMessageMutation>(graphql`
    mutation DecideObdsMessageMutation($input: DecideObdsMessageInput!) {
      decideObdsMessage(input: $input) {
        message {
          id
          ...ObdsMessageReview_message
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
