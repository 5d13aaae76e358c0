import { graphql, useMutation } from 'react-relay';
import type { AcceptDataQueryMutation } from '../__generated__/AcceptDataQueryMutation.graphql';

export function useAcceptDataQueryMutation() {
  return useMutation<AcceptDataQueryMutation>(graphql`
    mutation AcceptDataQueryMutation($input: DataQueryActionInput!) {
      acceptDataQuery(input: $input) {
        ...useDataQueryAction_payload
      }
    }
  `);
}
