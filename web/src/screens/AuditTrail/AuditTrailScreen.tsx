import { useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import auditTrailScreenQueryNode from '../../__generated__/AuditTrailScreenQuery.graphql';
import type { AuditTrailScreenQuery } from '../../__generated__/AuditTrailScreenQuery.graphql';
import { AuditEventTable, type AuditRecord } from '../../audit/AuditEventTable';
import { RecordHistoryDialog } from '../../audit/RecordHistoryDialog';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { AUDIT_PAGE, AuditTrailList } from './AuditTrailList';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables: `?record=` asks for that record's history too. */
export const auditTrailScreenQuery = defineScreenQuery<AuditTrailScreenQuery>(auditTrailScreenQueryNode, ({ url }) => {
  const record = url.searchParams.get('record');
  // The page size travels as a variable: the gateway's cost limit multiplies literal sizes only.
  return { record: record ?? '', hasRecord: record !== null, count: AUDIT_PAGE };
});

/**
 * /admin/audittrail: the filterable audit trail. With `?record=<id>` (from the user and
 * institute administration) it first shows that record's whole history, old → new.
 */
export function AuditTrailScreen() {
  const data = usePreloadedQuery<AuditTrailScreenQuery>(
    graphql`
      query AuditTrailScreenQuery($record: ID!, $hasRecord: Boolean!, $count: Int!) {
        ...AppShell_query
        viewer {
          administration {
            canReadAuditTrail
            canReadRecordHistory
          }
        }
        recordHistory(id: $record) @include(if: $hasRecord) {
          edges {
            node {
              ...AuditEventTable_events
            }
          }
        }
        ...AuditTrailList_query @arguments(first: $count)
      }
    `,
    useScreenReference(auditTrailScreenQuery),
  );
  const [history, setHistory] = useState<AuditRecord | null>(null);
  const can = data.viewer.administration;
  if (!can.canReadAuditTrail) return <Banner variant="critical" title={texts.admin.forbidden} />;
  const showHistory = can.canReadRecordHistory ? setHistory : undefined;

  return (
    <section aria-labelledby="audit-heading">
      <Heading as="h1" id="audit-heading" className={styles.heading}>
        {texts.audit.trailHeading}
      </Heading>
      {data.recordHistory != null && (
        <section aria-label={texts.audit.showHistory} className={styles.section}>
          <Heading as="h2" id="record-history-heading" className={styles.heading}>
            {texts.audit.showHistory}
          </Heading>
          {data.recordHistory.edges.length === 0 ? (
            <p>{texts.audit.empty}</p>
          ) : (
            <AuditEventTable events={data.recordHistory.edges.map(({ node }) => node)} labelledBy="record-history-heading" />
          )}
        </section>
      )}
      <AuditTrailList query={data} labelledBy="audit-heading" onShowHistory={showHistory} />
      {history !== null && <RecordHistoryDialog {...history} onClose={() => setHistory(null)} />}
    </section>
  );
}
