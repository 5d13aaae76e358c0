import { graphql, useMutation } from 'react-relay';
import type { UpdateStudyPatientMutation } from '../__generated__/UpdateStudyPatientMutation.graphql';

export function useUpdateStudyPatientMutation() {
  return useMutation<UpdateStudyPatientMutation>(graphql`
    mutation UpdateStudyPatientMutation($input: UpdateStudyPatientInput!) {
      updateStudyPatient(input: $input) {
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
