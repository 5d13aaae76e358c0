import { graphql, useMutation } from 'react-relay';
import type { GenerateDocumentationMutation } from '../__generated__/GenerateDocumentationMutation.graphql';

export function useGenerateDocumentationMutation() {
  return useMutation<GenerateDocumentationMutation>(graphql`
    mutation GenerateDocumentationMutation($input: GenerateDocumentationInput!) {
      generateDocumentation(input: $input) {
        document {
          fileName
          contentType
          contentBase64
          byteSize
        }
      }
    }
  `);
}
