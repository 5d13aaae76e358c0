import { graphql, useMutation } from 'react-relay';
import type { DeleteVisitMutation } from '../__generated__/DeleteVisitMutation.graphql';

export function useDeleteVisitMutation() {
  return useMutation<DeleteVisitMutation>(graphql`
    mutation DeleteVisitMutation($input: DeleteVisitInput!) {
      deleteVisit(input: $input) {
        deletedVisitId @deleteRecord
        studyPatient {
          id
          ...documentationContext_studyPatient
          ...PatientHeader_studyPatient
          ...VisitList_studyPatient
          ...StandaloneInstruments_studyPatient
          ...VisitScreen_studyPatient
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
