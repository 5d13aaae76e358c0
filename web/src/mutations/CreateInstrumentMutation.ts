import { graphql, useMutation } from 'react-relay';
import type { CreateInstrumentMutation } from '../__generated__/CreateInstrumentMutation.graphql';

export function useCreateInstrumentMutation() {
  return useMutation<CreateInstrumentMutation>(graphql`
    mutation CreateInstrumentMutation($input: CreateInstrumentInput!) {
      createInstrument(input: $input) {
        instrument {
          id
          visit {
            id
            ...VisitScreen_visit
          }
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
