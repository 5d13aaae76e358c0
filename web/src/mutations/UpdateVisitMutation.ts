import { graphql, useMutation } from 'react-relay';
import type { UpdateVisitMutation } from '../__generated__/UpdateVisitMutation.graphql';

export function useUpdateVisitMutation() {
  return useMutation<UpdateVisitMutation>(graphql`
    mutation UpdateVisitMutation($input: UpdateVisitInput!) {
      updateVisit(input: $input) {
        visit {
          id
          ...VisitScreen_visit
        }
        studyPatient {
          ...documentationRefresh_studyPatient
        }
        errors {
          code
          path
          fieldId
          formPath
          message
        }
      }
    }
  `);
}
