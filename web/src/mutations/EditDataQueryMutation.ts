import { graphql, useMutation } from 'react-relay';
import type { EditDataQueryMutation } from '../__generated__/EditDataQueryMutation.graphql';

export function useEditDataQueryMutation() {
  return useMutation<EditDataQueryMutation>(graphql`
    mutation EditDataQueryMutation($input: EditDataQueryInput!) {
      editDataQuery(input: $input) {
        ...useDataQueryAction_payload
      }
    }
  `);
}
