import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Dialog } from '@primer/react';
import type { RecordHistoryDialogQuery } from '../__generated__/RecordHistoryDialogQuery.graphql';
import { PageSpinner } from '../components/PageSpinner';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { AuditEventHeader, AuditEventRow, recordKindLabel, type AuditRecord } from './AuditEventRow';

type Props = AuditRecord & { onClose: () => void };

/** The whole history of one record, oldest first, each entry old → new. */
export function RecordHistoryDialog({ recordKind, recordId, onClose }: Props) {
  return (
    <Dialog
      title={texts.audit.historyTitle(recordKindLabel(recordKind), recordId)}
      width="xlarge"
      onClose={onClose}
      footerButtons={[{ content: texts.audit.close, onClick: onClose }]}
    >
      <Suspense fallback={<PageSpinner />}>
        <RecordHistory recordKind={recordKind} recordId={recordId} />
      </Suspense>
    </Dialog>
  );
}

function RecordHistory({ recordKind, recordId }: AuditRecord) {
  const { recordHistory } = useLazyLoadQuery<RecordHistoryDialogQuery>(
    graphql`
      query RecordHistoryDialogQuery($recordId: ID!) {
        recordHistory(id: $recordId) {
          edges {
            node {
              id
              ...AuditEventRow_event
            }
          }
        }
      }
    `,
    { recordId },
    { fetchPolicy: 'network-only' },
  );
  if (recordHistory.edges.length === 0) return <p>{texts.audit.empty}</p>;
  return (
    <table className={styles.table} aria-label={texts.audit.historyTitle(recordKindLabel(recordKind), recordId)}>
      <AuditEventHeader />
      <tbody>
        {recordHistory.edges.map(({ node }) => (
          <AuditEventRow key={node.id} event={node} />
        ))}
      </tbody>
    </table>
  );
}
