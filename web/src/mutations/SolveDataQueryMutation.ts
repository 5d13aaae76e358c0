import { graphql, useMutation } from 'react-relay';
import type { SolveDataQueryMutation } from '../__generated__/SolveDataQueryMutation.graphql';

export function useSolveDataQueryMutation() {
  return useMutation<SolveDataQueryMutation>(graphql`
    mutation SolveDataQueryMutation($input: DataQueryActionInput!) {
      solveDataQuery(input: $input) {
        ...useDataQueryAction_payload
      }
    }
  `);
}
