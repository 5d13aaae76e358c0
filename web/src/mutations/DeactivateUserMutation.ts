import { graphql, useMutation } from 'react-relay';
import type { DeactivateUserMutation } from '../__generated__/DeactivateUserMutation.graphql';

export function useDeactivateUserMutation() {
  return useMutation<DeactivateUserMutation>(graphql`
    mutation DeactivateUserMutation($input: UserIdInput!) {
      deactivateUser(input: $input) {
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
