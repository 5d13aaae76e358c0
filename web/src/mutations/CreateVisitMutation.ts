import { graphql, useMutation } from 'react-relay';
import type { CreateVisitMutation } from '../__generated__/CreateVisitMutation.graphql';

export function useCreateVisitMutation() {
  return useMutation<CreateVisitMutation>(graphql`
    mutation CreateVisitMutation($input: CreateVisitInput!) {
      createVisit(input: $input) {
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
