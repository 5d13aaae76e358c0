import { graphql, useMutation } from 'react-relay';
import type { AnswerDataQueryMutation } from '../__generated__/AnswerDataQueryMutation.graphql';

export function useAnswerDataQueryMutation() {
  return useMutation<AnswerDataQueryMutation>(graphql`
    mutation AnswerDataQueryMutation($input: DataQueryActionInput!) {
      answerDataQuery(input: $input) {
        ...useDataQueryAction_payload
      }
    }
  `);
}
