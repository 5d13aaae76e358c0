import { graphql, useMutation } from 'react-relay';
import type { RemoveUserFromLocationMutation } from '../__generated__/RemoveUserFromLocationMutation.graphql';

export function useRemoveUserFromLocationMutation() {
  return useMutation<RemoveUserFromLocationMutation>(graphql`
    mutation RemoveUserFromLocationMutation($input: LocationUserInput!) {
      removeUserFromLocation(input: $input) {
        changed
        location {
          id
          institute {
            id
            ...InstituteCard_institute
          }
        }
        errors {
          code
          path
          fieldId
          message
        }
      }
    }
  `);
}
