import { graphql, useMutation } from 'react-relay';
import type { RevokeDataQueryMutation } from '../__generated__/RevokeDataQueryMutation.graphql';

export function useRevokeDataQueryMutation() {
  return useMutation<RevokeDataQueryMutation>(graphql`
    mutation RevokeDataQueryMutation($input: DataQueryActionInput!) {
      revokeDataQuery(input: $input) {
        dataQuery {
          id
          status
          answerStage
          ...DataQueryCard_dataQuery
          ...QueryOverviewTable_row
        }
        errors {
          code
          path
          message
        }
      }
    }
  `);
}
