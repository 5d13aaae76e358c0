import { graphql, useMutation } from 'react-relay';
import type { AssignUserToLocationMutation } from '../__generated__/AssignUserToLocationMutation.graphql';

export function useAssignUserToLocationMutation() {
  return useMutation<AssignUserToLocationMutation>(graphql`
    mutation AssignUserToLocationMutation($input: LocationUserInput!) {
      assignUserToLocation(input: $input) {
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
