import { graphql, useMutation } from 'react-relay';
import type { SetFieldLockMutation } from '../__generated__/SetFieldLockMutation.graphql';

export function useSetFieldLockMutation() {
  return useMutation<SetFieldLockMutation>(graphql`
    mutation SetFieldLockMutation($input: SetFieldLockInput!) {
      setFieldLock(input: $input) {
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
