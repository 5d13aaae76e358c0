import { graphql, useMutation } from 'react-relay';
import type { UpdateUserMutation } from '../__generated__/UpdateUserMutation.graphql';

export function useUpdateUserMutation() {
  return useMutation<UpdateUserMutation>(graphql`
    mutation UpdateUserMutation($input: UpdateUserInput!) {
      updateUser(input: $input) {
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
