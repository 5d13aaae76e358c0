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
