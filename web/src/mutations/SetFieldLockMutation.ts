import { graphql, useMutation } from 'react-relay';
import type { SetFieldLockMutation } from '../__generated__/SetFieldLockMutation.graphql';

export function useSetFieldLockMutation() {
  return useMutation<SetFieldLockMutation>(graphql`
    mutation SetFieldLockMutation($input: SetFieldLockInput!) {
      setFieldLock(input: $input) {
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
