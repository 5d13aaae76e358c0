import { graphql, useMutation } from 'react-relay';
import type { UpdateGenericExportDefinitionMutation } from '../__generated__/UpdateGenericExportDefinitionMutation.graphql';

/** Saves a definition; a stale save brings the stored one into the store (STALE_WRITE). */
export function useUpdateGenericExportDefinitionMutation() {
  return useMutation<UpdateGenericExportDefinitionMutation>(graphql`
    mutation UpdateGenericExportDefinitionMutation($input: UpdateGenericExportDefinitionInput!) {
      updateGenericExportDefinition(input: $input) {
        genericExportDefinition {
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
