import { graphql, useMutation } from 'react-relay';
import type { SignVisitMutation } from '../__generated__/SignVisitMutation.graphql';

export function useSignVisitMutation() {
  return useMutation<SignVisitMutation>(graphql`
    mutation SignVisitMutation($input: SignVisitInput!) {
      signVisit(input: $input) {
        success
        message
        visit {
          id
          ...VisitScreen_visit
          studyPatient {
            ...documentationRefresh_studyPatient
          }
        }
        errors {
          code
          path
          fieldId
          message
        }
      }
    }
  `);
}
