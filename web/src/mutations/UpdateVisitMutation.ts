import { graphql, useMutation } from 'react-relay';
import type { UpdateVisitMutation } from '../__generated__/UpdateVisitMutation.graphql';

export function useUpdateVisitMutation() {
  return useMutation<UpdateVisitMutation>(graphql`
    mutation UpdateVisitMutation($input: UpdateVisitInput!) {
      updateVisit(input: $input) {
        visit {
          id
          ...VisitScreen_visit
        }
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
