import { graphql, useMutation } from 'react-relay';
import type { RestoreUserMutation } from '../__generated__/RestoreUserMutation.graphql';

export function useRestoreUserMutation() {
  return useMutation<RestoreUserMutation>(graphql`
    mutation RestoreUserMutation($input: UserIdInput!) {
      restoreUser(input: $input) {
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
