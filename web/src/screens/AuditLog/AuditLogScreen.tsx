import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Banner, FormControl, Heading, TextInput } from '@primer/react';
import type { AuditLogScreenQuery } from '../../__generated__/AuditLogScreenQuery.graphql';
import { AuditEventHeader, AuditEventRow } from '../../audit/AuditEventRow';
import { RecordHistoryDialog } from '../../audit/RecordHistoryDialog';
import { localDayStart, todayValue } from '../../audit/auditFormat';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

/** /auditLog (sidebar AuditEvents): the changes of one day (POST AuditLog/Events), each with its record's history. */
export function AuditLogScreen() {
  const [day, setDay] = useState(todayValue());
  const data = useLazyLoadQuery<AuditLogScreenQuery>(
    graphql`
      query AuditLogScreenQuery($date: String!) {
        viewer {
          administration {
            canReadAuditEvents
            canReadRecordHistory
          }
        }
        auditEventsOfDay(date: $date) {
          id
          ...AuditEventRow_event
        }
      }
    `,
    { date: localDayStart(day) },
    { fetchPolicy: 'store-and-network' },
  );
  const [history, setHistory] = useState<{ tableName: string; recordId: string } | null>(null);
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
          <TextInput type="date" value={day} onChange={(event) => { if (event.target.value) setDay(event.target.value); }} />
        </FormControl>
      </div>
      {data.auditEventsOfDay.length === 0 ? (
        <p>{texts.audit.empty}</p>
      ) : (
        <table className={styles.table} aria-label={texts.audit.logHeading}>
          <AuditEventHeader />
          <tbody>
            {data.auditEventsOfDay.map((event) => (
              <AuditEventRow key={event.id} event={event} onShowHistory={can.canReadRecordHistory ? (tableName, recordId) => setHistory({ tableName, recordId }) : undefined} />
            ))}
          </tbody>
        </table>
      )}
      {history !== null && <RecordHistoryDialog {...history} onClose={() => setHistory(null)} />}
    </section>
  );
}
