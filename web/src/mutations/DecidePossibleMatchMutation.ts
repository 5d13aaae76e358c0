import { graphql, useMutation } from 'react-relay';
import type { DecidePossibleMatchMutation } from '../__generated__/DecidePossibleMatchMutation.graphql';

export function useDecidePossibleMatchMutation() {
  return useMutation<DecidePossibleMatchMutation>(graphql`
    mutation DecidePossibleMatchMutation($input: DecidePossibleMatchInput!) {
      decidePossibleMatch(input: $input) {
        tentative {
          id
        }
        survivor {
          id
          pseudonym
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
