import { useState } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { Banner, FormControl, Heading, TextInput } from '@primer/react';
import auditLogScreenQueryNode from '../../__generated__/AuditLogScreenQuery.graphql';
import type { AuditLogScreenQuery } from '../../__generated__/AuditLogScreenQuery.graphql';
import { AuditEventTable, type AuditRecord } from '../../audit/AuditEventTable';
import { RecordHistoryDialog } from '../../audit/RecordHistoryDialog';
import { registryToday } from '@ecrf/rules';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables: today's events. */
export const auditLogScreenQuery = defineScreenQuery<AuditLogScreenQuery>(auditLogScreenQueryNode, () => ({
  date: registryToday(new Date()),
}));

/** /auditLog (sidebar AuditEvents): the changes of one registry day, each with its record's history. */
export function AuditLogScreen() {
  const [day, setDay] = useState(registryToday(new Date()));
  const routeReference = useScreenReference(auditLogScreenQuery);
  // Another day is loaded when it is chosen.
  const [dayReference, loadDay] = useQueryLoader<AuditLogScreenQuery>(auditLogScreenQueryNode);
  const data = usePreloadedQuery<AuditLogScreenQuery>(
    graphql`
      query AuditLogScreenQuery($date: Date!) {
        ...AppShell_query
        viewer {
          administration {
            canReadAuditEvents
            canReadRecordHistory
          }
        }
        auditEventsOfDay(date: $date) {
          edges {
            node {
              ...AuditEventTable_events
            }
          }
        }
      }
    `,
    dayReference ?? routeReference,
  );
  const [history, setHistory] = useState<AuditRecord | null>(null);
  const can = data.viewer.administration;
  if (!can.canReadAuditEvents) return <Banner variant="critical" title={texts.admin.forbidden} />;

  return (
    <section aria-labelledby="audit-log-heading">
      <Heading as="h1" id="audit-log-heading" className={styles.heading}>
        {texts.audit.logHeading}
      </Heading>
      <div className={styles.toolbar}>
        <FormControl>
          <FormControl.Label>{texts.audit.date}</FormControl.Label>
          <TextInput
            type="date"
            value={day}
            onChange={(event) => {
              if (!event.target.value) return;
              setDay(event.target.value);
              loadDay({ date: event.target.value }, { fetchPolicy: 'store-and-network' });
            }}
          />
        </FormControl>
      </div>
      {data.auditEventsOfDay.edges.length === 0 ? (
        <p>{texts.audit.empty}</p>
      ) : (
        <AuditEventTable
          events={data.auditEventsOfDay.edges.map(({ node }) => node)}
          labelledBy="audit-log-heading"
          onShowHistory={can.canReadRecordHistory ? setHistory : undefined}
        />
      )}
      {history !== null && <RecordHistoryDialog {...history} onClose={() => setHistory(null)} />}
    </section>
  );
}
