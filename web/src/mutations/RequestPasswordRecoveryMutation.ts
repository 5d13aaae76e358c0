import { graphql, useMutation } from 'react-relay';
import type { RequestPasswordRecoveryMutation } from '../__generated__/RequestPasswordRecoveryMutation.graphql';

export function useRequestPasswordRecoveryMutation() {
  return useMutation<RequestPasswordRecoveryMutation>(graphql`
    mutation RequestPasswordRecoveryMutation($input: RequestPasswordRecoveryInput!) {
      requestPasswordRecovery(input: $input) {
        accepted
      }
    }
  `);
}
