import { graphql, useMutation } from 'react-relay';
import type { CreateVisitMutation } from '../__generated__/CreateVisitMutation.graphql';

export function useCreateVisitMutation() {
  return useMutation<CreateVisitMutation>(graphql`
    mutation CreateVisitMutation($input: CreateVisitInput!) {
      createVisit(input: $input) {
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
