import { graphql, useMutation } from 'react-relay';
import type { UpdateScreeningConfigurationMutation } from '../__generated__/UpdateScreeningConfigurationMutation.graphql';

export function useUpdateScreeningConfigurationMutation() {
  return useMutation<UpdateScreeningConfigurationMutation>(graphql`
    mutation UpdateScreeningConfigurationMutation($input: UpdateScreeningConfigurationInput!) {
      updateScreeningConfiguration(input: $input) {
        screeningConfiguration {
          studyPatientFields
          visitFields
          instrumentFields
          version
          changedAt
          changedBy
        }
        errors {
          code
          message
          path
        }
      }
    }
  `);
}
