/**
 * Live updates of a patient's screens (issue 11): queries raised or changed by someone else appear without a
 * reload. Each event brings the patient's query list as the query buttons read it.
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { usePatientQueryUpdatesSubscription } from '../__generated__/usePatientQueryUpdatesSubscription.graphql';

export function usePatientQueryUpdates(studyPatientId: string): void {
  const queries = useMemo<GraphQLSubscriptionConfig<usePatientQueryUpdatesSubscription>>(
    () => ({
      subscription: graphql`
        subscription usePatientQueryUpdatesSubscription($studyPatientId: ID!, $after: String) {
          dataQueryUpdated(filter: { studyPatientId: $studyPatientId }, after: $after) {
            eventId
            dataQuery {
              id
              studyPatient {
                ...DataQueryButton_studyPatient
              }
              ...DataQueryCard_dataQuery
            }
          }
        }
      `,
      variables: { studyPatientId, after: null },
    }),
    [studyPatientId],
  );
  useSubscription(queries);
}
