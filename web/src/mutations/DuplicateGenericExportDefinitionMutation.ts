import { graphql, useMutation } from 'react-relay';
import type { DuplicateGenericExportDefinitionMutation } from '../__generated__/DuplicateGenericExportDefinitionMutation.graphql';

/** Copies a definition and appends the copy to the connections named in `$connections`. */
export function useDuplicateGenericExportDefinitionMutation() {
  return useMutation<DuplicateGenericExportDefinitionMutation>(graphql`
    mutation DuplicateGenericExportDefinitionMutation($input: GenericExportDefinitionIdInput!, $connections: [ID!]!) {
      duplicateGenericExportDefinition(input: $input) {
        genericExportDefinition @appendNode(connections: $connections, edgeTypeName: "GenericExportDefinitionEdge") {
          id
          name
          version
          ...GenericExportList_definition
          ...GenericExportEditor_definition
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
