import { graphql, useMutation } from 'react-relay';
import type { UpdateNewsDocumentMutation } from '../__generated__/UpdateNewsDocumentMutation.graphql';

export function useUpdateNewsDocumentMutation() {
  return useMutation<UpdateNewsDocumentMutation>(graphql`
    mutation UpdateNewsDocumentMutation($input: UpdateNewsDocumentInput!) {
      updateNewsDocument(input: $input) {
        newsDocument {
          ...NewsDocumentRow_newsDocument
          ...EditNewsDocumentDialog_newsDocument
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
