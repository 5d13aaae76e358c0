import { graphql, useMutation } from 'react-relay';
import type { ChangePasswordMutation } from '../__generated__/ChangePasswordMutation.graphql';

export function useChangePasswordMutation() {
  return useMutation<ChangePasswordMutation>(graphql`
    mutation ChangePasswordMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        passwordChanged
        passwordSynchronized
        errors {
          code
          message
          path
          fieldId
        }
      }
    }
  `);
}
