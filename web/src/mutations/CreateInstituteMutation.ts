import { graphql, useMutation } from 'react-relay';
import type { CreateInstituteMutation } from '../__generated__/CreateInstituteMutation.graphql';

export function useCreateInstituteMutation() {
  return useMutation<CreateInstituteMutation>(graphql`
    mutation CreateInstituteMutation($input: InstituteInput!) {
      createInstitute(input: $input) {
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
