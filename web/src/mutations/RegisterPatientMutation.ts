import { graphql, useMutation } from 'react-relay';
import type { RegisterPatientMutation } from '../__generated__/RegisterPatientMutation.graphql';

export function useRegisterPatientMutation() {
  return useMutation<RegisterPatientMutation>(graphql`
    mutation RegisterPatientMutation($input: RegisterPatientInput!) {
      registerPatient(input: $input) {
        studyPatient {
          id
          pseudonym
        }
        possibleDuplicate {
          pseudonym
          registered
          studyPatients {
            id
            pseudonym
          }
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
