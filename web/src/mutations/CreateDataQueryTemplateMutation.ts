import { graphql, useMutation } from 'react-relay';
import type { CreateDataQueryTemplateMutation } from '../__generated__/CreateDataQueryTemplateMutation.graphql';

export function useCreateDataQueryTemplateMutation() {
  return useMutation<CreateDataQueryTemplateMutation>(graphql`
    mutation CreateDataQueryTemplateMutation($input: CreateDataQueryTemplateInput!) {
      createDataQueryTemplate(input: $input) {
        dataQueryTemplate {
          id
          title
          text
          queryTypeIdentifier
        }
        errors {
          code
          message
        }
      }
    }
  `);
}
