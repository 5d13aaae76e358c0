import { useImperativeHandle, useTransition, type Ref } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Button } from '@primer/react';
import { DownloadIcon } from '@primer/octicons-react';
import type { OnkozertImportsTable_query$key } from '../__generated__/OnkozertImportsTable_query.graphql';
import { formatAuditTime } from '../audit/auditFormat';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import onkozertStyles from './Onkozert.module.css';
import { fileSizeText } from '../components/fileSize';
import { useFileDownload } from '../components/useFileDownload';

export const IMPORTS_PAGE = 25;
const t = texts.onkozert;

/** What the upload screen asks of the list: load it again after an upload. */
export type ImportsTableHandle = { reload: () => void };

type Props = { query: OnkozertImportsTable_query$key; labelledBy: string; handle?: Ref<ImportsTableHandle> };

/** The OncoBox imports at the viewer's locations, newest first, each with its report figures and a download. */
export function OnkozertImportsTable({ query, labelledBy, handle }: Props) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment OnkozertImportsTable_query on Query
      @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" })
      @refetchable(queryName: "OnkozertImportsTablePaginationQuery") {
        onkozertImports(first: $first, after: $after) @connection(key: "OnkozertImportsTable_onkozertImports") {
          totalCount
          edges {
            node {
              id
              fileName
              locationIdentifier
              locationName
              importedAt
              importedBy
              sizeBytes
              years
              acceptedRowCount
              rejectedRowCount
            }
          }
        }
      }
    `,
    query,
  );
  const [, startTransition] = useTransition();
  useImperativeHandle(
    handle,
    () => ({
      reload: () =>
        startTransition(() => {
          refetch({ first: IMPORTS_PAGE }, { fetchPolicy: 'network-only' });
        }),
    }),
    [refetch],
  );
  const download = useFileDownload();
  const edges = data.onkozertImports.edges;
  if (edges.length === 0) return <p>{t.empty}</p>;
  return (
    <>
      <div className={onkozertStyles.scroll}>
        <table className={styles.table} aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">{t.importedAt}</th>
              <th scope="col">{t.location}</th>
              <th scope="col">{t.fileName}</th>
              <th scope="col">{t.years}</th>
              <th scope="col">{t.accepted}</th>
              <th scope="col">{t.rejected}</th>
              <th scope="col">{t.size}</th>
              <th scope="col">{t.download}</th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => (
              <tr key={node.id}>
                <td>
                  {formatAuditTime(node.importedAt)}
                  <div className={styles.muted}>
                    {t.importedBy} {node.importedBy}
                  </div>
                </td>
                <td>
                  {node.locationIdentifier} - {node.locationName}
                </td>
                <td>{node.fileName}</td>
                <td>{node.years.join(', ') || '–'}</td>
                <td>{node.acceptedRowCount}</td>
                <td>{node.rejectedRowCount}</td>
                <td>{fileSizeText(node.sizeBytes)}</td>
                <td>
                  <Button
                    size="small"
                    leadingVisual={DownloadIcon}
                    aria-label={t.downloadLabel(node.fileName)}
                    onClick={() => download(node.id)}
                  >
                    {t.download}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasNext && (
        <Button onClick={() => loadNext(IMPORTS_PAGE)} disabled={isLoadingNext}>
          {t.more}
        </Button>
      )}
    </>
  );
}
