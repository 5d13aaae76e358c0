import { graphql, useMutation } from 'react-relay';
import type { DeleteGenericExportDefinitionMutation } from '../__generated__/DeleteGenericExportDefinitionMutation.graphql';

/** Deletes a definition and removes it from the connections named in `$connections`. */
export function useDeleteGenericExportDefinitionMutation() {
  return useMutation<DeleteGenericExportDefinitionMutation>(graphql`
    mutation DeleteGenericExportDefinitionMutation($input: GenericExportDefinitionIdInput!, $connections: [ID!]!) {
      deleteGenericExportDefinition(input: $input) {
        deletedId @deleteEdge(connections: $connections)
        errors {
          code
          path
          message
        }
      }
    }
  `);
}
