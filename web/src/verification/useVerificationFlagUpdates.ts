/**
 * Verification flags set, cleared, broken or made obsolete by someone else (or by a save) appear beside
 * their fields without a reload; each event brings the flagged field as the toggles read it.
 */
import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { useVerificationFlagUpdatesSubscription } from '../__generated__/useVerificationFlagUpdatesSubscription.graphql';

export function useVerificationFlagUpdates(studyPatientId: string): void {
  const config = useMemo<GraphQLSubscriptionConfig<useVerificationFlagUpdatesSubscription>>(
    () => ({
      subscription: graphql`
        subscription useVerificationFlagUpdatesSubscription($studyPatientId: ID!, $after: String) {
          verificationFlagUpdated(studyPatientId: $studyPatientId, after: $after) {
            eventId
            verificationFlag {
              id
              state
              dataField {
                ...fieldVerification_dataField
              }
            }
          }
        }
      `,
      variables: { studyPatientId, after: null },
    }),
    [studyPatientId],
  );
  // Only screens that show flags follow them.
  useSubscription(config);
}
