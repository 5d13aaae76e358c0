import { graphql, useMutation } from 'react-relay';
import type { RefreshSessionMutation } from '../__generated__/RefreshSessionMutation.graphql';

/** Exchanges a refresh token for a new session (ecrf-calls.md §4); also used by the network layer. */
export const refreshSessionMutation = graphql`
  mutation RefreshSessionMutation($input: RefreshSessionInput!) {
    refreshSession(input: $input) {
      session {
        token
        refreshToken
        expiresAt
      }
    }
  }
`;

export function useRefreshSessionMutation() {
  return useMutation<RefreshSessionMutation>(refreshSessionMutation);
}
