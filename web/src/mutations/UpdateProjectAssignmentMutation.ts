import { graphql, useMutation } from 'react-relay';
import type { UpdateProjectAssignmentMutation } from '../__generated__/UpdateProjectAssignmentMutation.graphql';

export function useUpdateProjectAssignmentMutation() {
  return useMutation<UpdateProjectAssignmentMutation>(graphql`
    mutation UpdateProjectAssignmentMutation($input: UpdateProjectAssignmentInput!) {
      updateProjectAssignment(input: $input) {
        projectAssignment {
          studyPatient {
            ...ProjectsScreen_assignments
          }
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
