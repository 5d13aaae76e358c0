import { graphql, useMutation } from 'react-relay';
import type { SignInMutation } from '../__generated__/SignInMutation.graphql';

export function useSignInMutation() {
  return useMutation<SignInMutation>(graphql`
    mutation SignInMutation($input: SignInInput!) {
      signIn(input: $input) {
        session {
          token
          refreshToken
          expiresAt
        }
        errors {
          code
          message
          path
          fieldId
        }
        lockedUntil
      }
    }
  `);
}
