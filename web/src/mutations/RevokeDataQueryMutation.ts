import { graphql, useMutation } from 'react-relay';
import type { RevokeDataQueryMutation } from '../__generated__/RevokeDataQueryMutation.graphql';

export function useRevokeDataQueryMutation() {
  return useMutation<RevokeDataQueryMutation>(graphql`
    mutation RevokeDataQueryMutation($input: DataQueryActionInput!) {
      revokeDataQuery(input: $input) {
        ...useDataQueryAction_payload
      }
    }
  `);
}
