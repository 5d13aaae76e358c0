import { graphql, useMutation } from 'react-relay';
import type { DeleteProjectAssignmentMutation } from '../__generated__/DeleteProjectAssignmentMutation.graphql';

export function useDeleteProjectAssignmentMutation() {
  return useMutation<DeleteProjectAssignmentMutation>(graphql`
    mutation DeleteProjectAssignmentMutation($input: DeleteProjectAssignmentInput!) {
      deleteProjectAssignment(input: $input) {
        studyPatient {
          ...ProjectsScreen_assignments
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
