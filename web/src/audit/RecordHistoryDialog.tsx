import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Dialog } from '@primer/react';
import type { RecordHistoryDialogQuery } from '../__generated__/RecordHistoryDialogQuery.graphql';
import { PageSpinner } from '../components/PageSpinner';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { AuditEventHeader, AuditEventRow } from './AuditEventRow';

type Props = { tableName: string; recordId: string; onClose: () => void };

/** The whole history of one record (POST AuditLog/Log), oldest first, each entry old → new. */
export function RecordHistoryDialog({ tableName, recordId, onClose }: Props) {
  return (
    <Dialog title={texts.audit.historyTitle(tableName, recordId)} width="xlarge" onClose={onClose} footerButtons={[{ content: texts.audit.close, onClick: onClose }]}>
      <Suspense fallback={<PageSpinner />}>
        <RecordHistory tableName={tableName} recordId={recordId} />
      </Suspense>
    </Dialog>
  );
}

function RecordHistory({ tableName, recordId }: { tableName: string; recordId: string }) {
  const { auditHistory } = useLazyLoadQuery<RecordHistoryDialogQuery>(
    graphql`
      query RecordHistoryDialogQuery($tableName: String!, $recordId: String!) {
        auditHistory(tableName: $tableName, recordId: $recordId) {
          id
          ...AuditEventRow_event
        }
      }
    `,
    { tableName, recordId },
    { fetchPolicy: 'network-only' },
  );
  if (auditHistory.length === 0) return <p>{texts.audit.empty}</p>;
  return (
    <table className={styles.table} aria-label={texts.audit.historyTitle(tableName, recordId)}>
      <AuditEventHeader />
      <tbody>
        {auditHistory.map((event) => <AuditEventRow key={event.id} event={event} />)}
      </tbody>
    </table>
  );
}
