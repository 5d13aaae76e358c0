import { graphql, useMutation } from 'react-relay';
import type { ResetPasswordMutation } from '../__generated__/ResetPasswordMutation.graphql';

export function useResetPasswordMutation() {
  return useMutation<ResetPasswordMutation>(graphql`
    mutation ResetPasswordMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        passwordReset
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
