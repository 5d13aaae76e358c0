import { graphql, useMutation } from 'react-relay';
import type { UpdatePatientMasterDataMutation } from '../__generated__/UpdatePatientMasterDataMutation.graphql';

export function useUpdatePatientMasterDataMutation() {
  return useMutation<UpdatePatientMasterDataMutation>(graphql`
    mutation UpdatePatientMasterDataMutation($input: UpdatePatientMasterDataInput!) {
      updatePatientMasterData(input: $input) {
        studyPatient {
          id
          ...PatientHeader_studyPatient
          ...IdentityDialog_studyPatient
        }
        changedFields
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
