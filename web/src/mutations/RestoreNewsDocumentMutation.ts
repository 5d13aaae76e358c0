import { graphql, useMutation } from 'react-relay';
import type { RestoreNewsDocumentMutation } from '../__generated__/RestoreNewsDocumentMutation.graphql';

export function useRestoreNewsDocumentMutation() {
  return useMutation<RestoreNewsDocumentMutation>(graphql`
    mutation RestoreNewsDocumentMutation($input: ChangeNewsDocumentStateInput!) {
      restoreNewsDocument(input: $input) {
        newsDocument {
          ...NewsDocumentRow_newsDocument
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
