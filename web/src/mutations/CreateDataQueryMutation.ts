import { graphql, useMutation } from 'react-relay';
import type { CreateDataQueryMutation } from '../__generated__/CreateDataQueryMutation.graphql';

/** The new query joins the patient's query list that the query buttons read; the action mutations change queries in place. */
export function useCreateDataQueryMutation() {
  return useMutation<CreateDataQueryMutation>(graphql`
    mutation CreateDataQueryMutation($input: CreateDataQueryInput!) {
      createDataQuery(input: $input) {
        ...useDataQueryAction_payload
        dataQuery {
          studyPatient {
            ...DataQueryButton_studyPatient
          }
        }
      }
    }
  `);
}
