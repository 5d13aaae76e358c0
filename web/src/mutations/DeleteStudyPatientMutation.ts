import { graphql, useMutation } from 'react-relay';
import type { DeleteStudyPatientMutation } from '../__generated__/DeleteStudyPatientMutation.graphql';

export function useDeleteStudyPatientMutation() {
  return useMutation<DeleteStudyPatientMutation>(graphql`
    mutation DeleteStudyPatientMutation($input: DeleteStudyPatientInput!) {
      deleteStudyPatient(input: $input) {
        deletedStudyPatientId @deleteRecord
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
