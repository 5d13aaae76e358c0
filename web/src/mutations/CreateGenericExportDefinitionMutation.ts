import { graphql, useMutation } from 'react-relay';
import type { CreateGenericExportDefinitionMutation } from '../__generated__/CreateGenericExportDefinitionMutation.graphql';

/** Creates a definition and appends it to the connections named in `$connections`. */
export function useCreateGenericExportDefinitionMutation() {
  return useMutation<CreateGenericExportDefinitionMutation>(graphql`
    mutation CreateGenericExportDefinitionMutation($input: CreateGenericExportDefinitionInput!, $connections: [ID!]!) {
      createGenericExportDefinition(input: $input) {
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
