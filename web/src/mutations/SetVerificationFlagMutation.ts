import { graphql, useMutation } from 'react-relay';
import type { SetVerificationFlagMutation } from '../__generated__/SetVerificationFlagMutation.graphql';

/** Brings back the field's flags, so a flag set for the first time appears beside the field. */
export function useSetVerificationFlagMutation() {
  return useMutation<SetVerificationFlagMutation>(graphql`
    mutation SetVerificationFlagMutation($input: SetVerificationFlagInput!) {
      setVerificationFlag(input: $input) {
        verificationFlag {
          id
          state
          dataField {
            ...fieldVerification_dataField
          }
        }
        errors {
          code
          message
        }
      }
    }
  `);
}
