import { graphql, useMutation } from 'react-relay';
import type { DeleteNewsDocumentMutation } from '../__generated__/DeleteNewsDocumentMutation.graphql';

export function useDeleteNewsDocumentMutation() {
  return useMutation<DeleteNewsDocumentMutation>(graphql`
    mutation DeleteNewsDocumentMutation($input: ChangeNewsDocumentStateInput!) {
      deleteNewsDocument(input: $input) {
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
