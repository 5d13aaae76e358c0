import { Suspense, useId } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Dialog, VisuallyHidden } from '@primer/react';
import type { RecordHistoryDialogQuery } from '../__generated__/RecordHistoryDialogQuery.graphql';
import { PageSpinner } from '../components/PageSpinner';
import { texts } from '../texts';
import { AuditEventTable, recordKindLabel, type AuditRecord } from './AuditEventTable';

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
              ...AuditEventTable_events
            }
          }
        }
      }
    `,
    { recordId },
    { fetchPolicy: 'network-only' },
  );
  const labelId = useId();
  if (recordHistory.edges.length === 0) return <p>{texts.audit.empty}</p>;
  return (
    <>
      {/* The dialog's title shows the same words; the table needs an element of its own to be named by. */}
      <VisuallyHidden id={labelId}>{texts.audit.historyTitle(recordKindLabel(recordKind), recordId)}</VisuallyHidden>
      <AuditEventTable events={recordHistory.edges.map(({ node }) => node)} labelledBy={labelId} showRecord={false} />
    </>
  );
}
