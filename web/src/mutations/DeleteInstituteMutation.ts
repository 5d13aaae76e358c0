import { graphql, useMutation } from 'react-relay';
import type { DeleteInstituteMutation } from '../__generated__/DeleteInstituteMutation.graphql';

export function useDeleteInstituteMutation() {
  return useMutation<DeleteInstituteMutation>(graphql`
    mutation DeleteInstituteMutation($input: DeleteInput!) {
      deleteInstitute(input: $input) {
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
