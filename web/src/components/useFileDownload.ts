import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useFileDownloadQuery } from '../__generated__/useFileDownloadQuery.graphql';

/**
 * Downloads the file of a node that has one (an OncoBox import, an export job): a download link lives one minute
 * (gateway file links), so each click asks for a fresh one instead of using the link the list was loaded with.
 * Resolves false when no link was given (no right, or no file yet).
 */
export function useFileDownload(): (nodeId: string) => Promise<boolean> {
  const environment = useRelayEnvironment();
  return useCallback(
    async (nodeId: string) => {
      const data = await fetchQuery<useFileDownloadQuery>(
        environment,
        graphql`
          query useFileDownloadQuery($id: ID!) {
            node(id: $id) {
              ... on OnkozertImport {
                fileName
                downloadUrl
              }
              ... on ExportJob {
                fileName
                downloadUrl
              }
            }
          }
        `,
        { id: nodeId },
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
