import { graphql, useMutation } from 'react-relay';
import type { UpdateInstrumentMutation } from '../__generated__/UpdateInstrumentMutation.graphql';

export function useUpdateInstrumentMutation() {
  return useMutation<UpdateInstrumentMutation>(graphql`
    mutation UpdateInstrumentMutation($input: UpdateInstrumentInput!) {
      updateInstrument(input: $input) {
        instrument {
          id
          visit {
            id
            ...VisitScreen_visit
          }
        }
        studyPatient {
          ...documentationRefresh_studyPatient
        }
        errors {
          code
          path
          fieldId
          formPath
          message
        }
      }
    }
  `);
}
