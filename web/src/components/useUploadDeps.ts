import { useMemo } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useUploadDepsSessionQuery } from '../__generated__/useUploadDepsSessionQuery.graphql';
import { getToken } from '../session/sessionStore';
import type { UploadDeps } from './postUpload';

/**
 * What an upload needs from the session: the stored token and a way to renew it. Renewing asks the graph for the
 * viewer, so the GraphQL client's refresh-and-retry stores a fresh token.
 */
export function useUploadDeps(): UploadDeps {
  const environment = useRelayEnvironment();
  return useMemo(
    () => ({
      fetch: (...args) => window.fetch(...args),
      token: getToken,
      renewSession: () =>
        fetchQuery<useUploadDepsSessionQuery>(
          environment,
          graphql`
            query useUploadDepsSessionQuery {
              viewer {
                id
              }
            }
          `,
          {},
          { fetchPolicy: 'network-only' },
        ).toPromise(),
    }),
    [environment],
  );
}
