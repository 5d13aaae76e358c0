import { graphql, useMutation } from 'react-relay';
import type { UpdateInstituteMutation } from '../__generated__/UpdateInstituteMutation.graphql';

export function useUpdateInstituteMutation() {
  return useMutation<UpdateInstituteMutation>(graphql`
    mutation UpdateInstituteMutation($input: InstituteInput!) {
      updateInstitute(input: $input) {
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
