import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router';
import { Banner, Heading } from '@primer/react';
import type { AuditTrailScreenQuery } from '../../__generated__/AuditTrailScreenQuery.graphql';
import { AuditEventHeader, AuditEventRow } from '../../audit/AuditEventRow';
import { RecordHistoryDialog } from '../../audit/RecordHistoryDialog';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { AUDIT_PAGE, AuditTrailList } from './AuditTrailList';

type HistoryTarget = { tableName: string; recordId: string };

/**
 * /admin/audittrail: the filterable audit trail (GET AuditTrail). With `?record=<id>` (from the user and
 * institute administration) it first shows that record's whole history, old → new.
 */
export function AuditTrailScreen() {
  const [params] = useSearchParams();
  const record = params.get('record');
  const data = useLazyLoadQuery<AuditTrailScreenQuery>(
    graphql`
      query AuditTrailScreenQuery($record: ID!, $hasRecord: Boolean!, $count: Int!) {
        viewer {
          administration {
            canReadAuditTrail
            canReadRecordHistory
          }
        }
        recordHistory(id: $record) @include(if: $hasRecord) {
          id
          ...AuditEventRow_event
        }
        ...AuditTrailList_query @arguments(first: $count)
      }
    `,
    // The page size travels as a variable: the gateway's cost limit multiplies literal sizes only.
    { record: record ?? '', hasRecord: record !== null, count: AUDIT_PAGE },
    { fetchPolicy: 'store-and-network' },
  );
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const can = data.viewer.administration;
  if (!can.canReadAuditTrail) return <Banner variant="critical" title={texts.admin.forbidden} />;
  const showHistory = can.canReadRecordHistory ? (tableName: string, recordId: string) => setHistory({ tableName, recordId }) : undefined;

  return (
    <section aria-labelledby="audit-heading">
      <Heading as="h1" id="audit-heading" className={styles.heading}>
        {texts.audit.trailHeading}
      </Heading>
      {data.recordHistory != null && (
        <section aria-label={texts.audit.showHistory}>
          <Heading as="h2" className={styles.heading}>{texts.audit.showHistory}</Heading>
          {data.recordHistory.length === 0 ? (
            <p>{texts.audit.empty}</p>
          ) : (
            <table className={styles.table} aria-label={texts.audit.showHistory}>
              <AuditEventHeader />
              <tbody>
                {data.recordHistory.map((event) => <AuditEventRow key={event.id} event={event} />)}
              </tbody>
            </table>
          )}
        </section>
      )}
      <AuditTrailList query={data} onShowHistory={showHistory} />
      {history !== null && <RecordHistoryDialog {...history} onClose={() => setHistory(null)} />}
    </section>
  );
}
