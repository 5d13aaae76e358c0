import { graphql, useMutation } from 'react-relay';
import type { ImportObdsFileMutation } from '../__generated__/ImportObdsFileMutation.graphql';

export function useImportObdsFileMutation() {
  return useMutation<ImportObdsFileMutation>(graphql`
    mutation ImportObdsFileMutation($input: ImportObdsFileInput!) {
      importObdsFile(input: $input) {
        obdsImport {
          id
          ...ObdsImportReview_obdsImport
        }
        schemaErrors {
          line
          element
          message
        }
        errors {
          code
          path
          message
        }
      }
    }
  `);
}
