import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useOnkozertDownloadQuery } from '../__generated__/useOnkozertDownloadQuery.graphql';

/**
 * Downloads an import's file: a download link lives one minute (gateway file links), so each click asks for a
 * fresh one instead of using the link the list was loaded with. Resolves false when no link was given.
 */
export function useOnkozertDownload(): (importId: string) => Promise<boolean> {
  const environment = useRelayEnvironment();
  return useCallback(
    async (importId: string) => {
      const data = await fetchQuery<useOnkozertDownloadQuery>(
        environment,
        graphql`
          query useOnkozertDownloadQuery($id: ID!) {
            node(id: $id) {
              ... on OnkozertImport {
                fileName
                downloadUrl
              }
            }
          }
        `,
        { id: importId },
        { fetchPolicy: 'network-only' },
      ).toPromise();
      const url = data?.node?.downloadUrl;
      if (!url) return false;
      const link = window.document.createElement('a');
      link.href = url;
      link.download = data.node?.fileName ?? '';
      link.click();
      return true;
    },
    [environment],
  );
}
