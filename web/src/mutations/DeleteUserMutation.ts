import { graphql, useMutation } from 'react-relay';
import type { DeleteUserMutation } from '../__generated__/DeleteUserMutation.graphql';

export function useDeleteUserMutation() {
  return useMutation<DeleteUserMutation>(graphql`
    mutation DeleteUserMutation($input: UserIdInput!) {
      deleteUser(input: $input) {
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
