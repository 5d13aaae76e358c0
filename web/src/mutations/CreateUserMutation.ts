import { graphql, useMutation } from 'react-relay';
import type { CreateUserMutation } from '../__generated__/CreateUserMutation.graphql';

export function useCreateUserMutation() {
  return useMutation<CreateUserMutation>(graphql`
    mutation CreateUserMutation($input: CreateUserInput!) {
      createUser(input: $input) {
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
