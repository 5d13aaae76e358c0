import { graphql, useMutation } from 'react-relay';
import type { SetUserPasswordMutation } from '../__generated__/SetUserPasswordMutation.graphql';

export function useSetUserPasswordMutation() {
  return useMutation<SetUserPasswordMutation>(graphql`
    mutation SetUserPasswordMutation($input: SetUserPasswordInput!) {
      setUserPassword(input: $input) {
        passwordSet
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
