import { graphql, useMutation } from 'react-relay';
import type { ActivateUserMutation } from '../__generated__/ActivateUserMutation.graphql';

export function useActivateUserMutation() {
  return useMutation<ActivateUserMutation>(graphql`
    mutation ActivateUserMutation($input: UserIdInput!) {
      activateUser(input: $input) {
        changed
        user {
          id
          ...UserRow_user
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
