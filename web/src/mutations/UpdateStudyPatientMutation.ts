import { graphql, useMutation } from 'react-relay';
import type { UpdateStudyPatientMutation } from '../__generated__/UpdateStudyPatientMutation.graphql';

export function useUpdateStudyPatientMutation() {
  return useMutation<UpdateStudyPatientMutation>(graphql`
    mutation UpdateStudyPatientMutation($input: UpdateStudyPatientInput!) {
      updateStudyPatient(input: $input) {
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
