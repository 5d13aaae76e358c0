import { graphql, useMutation } from 'react-relay';
import type { DeferDataQueryMutation } from '../__generated__/DeferDataQueryMutation.graphql';

export function useDeferDataQueryMutation() {
  return useMutation<DeferDataQueryMutation>(graphql`
    mutation DeferDataQueryMutation($input: DataQueryActionInput!) {
      deferDataQuery(input: $input) {
        ...useDataQueryAction_payload
      }
    }
  `);
}
