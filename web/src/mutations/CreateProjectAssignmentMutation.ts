import { graphql, useMutation } from 'react-relay';
import type { CreateProjectAssignmentMutation } from '../__generated__/CreateProjectAssignmentMutation.graphql';

/** Each answer carries the patient's assignments, so the patient's list updates in the store. */
export function useCreateProjectAssignmentMutation() {
  return useMutation<CreateProjectAssignmentMutation>(graphql`
    mutation CreateProjectAssignmentMutation($input: CreateProjectAssignmentInput!) {
      createProjectAssignment(input: $input) {
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
