import { graphql, useMutation } from 'react-relay';
import type { DeleteVisitMutation } from '../__generated__/DeleteVisitMutation.graphql';

export function useDeleteVisitMutation() {
  return useMutation<DeleteVisitMutation>(graphql`
    mutation DeleteVisitMutation($input: DeleteVisitInput!) {
      deleteVisit(input: $input) {
        deletedVisitId @deleteRecord
        studyPatient {
          ...documentationRefresh_studyPatient
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
