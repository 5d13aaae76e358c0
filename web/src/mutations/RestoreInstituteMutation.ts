import { graphql, useMutation } from 'react-relay';
import type { RestoreInstituteMutation } from '../__generated__/RestoreInstituteMutation.graphql';

export function useRestoreInstituteMutation() {
  return useMutation<RestoreInstituteMutation>(graphql`
    mutation RestoreInstituteMutation($input: DeleteInput!) {
      restoreInstitute(input: $input) {
        changed
        institute {
          id
          ...InstituteCard_institute
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
