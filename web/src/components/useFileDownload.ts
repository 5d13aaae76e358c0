import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useFileDownloadQuery } from '../__generated__/useFileDownloadQuery.graphql';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';

/**
 * Downloads the file of a node that has one (an OncoBox import, an export job, a news document version): a download link lives one minute
 * (gateway file links), so each click asks for a fresh one instead of using the link the list was loaded with.
 * No link (no right, no file any more) or a failure is said in one German alert.
 */
export function useFileDownload(): (nodeId: string) => void {
  const environment = useRelayEnvironment();
  const { showAlert } = useFeedback();
  const download = useCallback(
    async (nodeId: string): Promise<boolean> => {
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
              ... on NewsDocumentVersion {
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
  return useCallback(
    (nodeId: string) => {
      download(nodeId).then(
        (started) => started || showAlert(texts.files.downloadFailed),
        () => showAlert(texts.files.downloadFailed),
      );
    },
    [download, showAlert],
  );
}
