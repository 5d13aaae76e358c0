import { graphql, useFragment } from 'react-relay';
import { Button, Label } from '@primer/react';
import type { AuditEventRow_event$key } from '../__generated__/AuditEventRow_event.graphql';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { AuditChanges } from './AuditChanges';
import { formatAuditTime } from './auditFormat';

type Props = {
  event: AuditEventRow_event$key;
  /** Offered when the viewer may read one record's history. */
  onShowHistory?: (tableName: string, recordId: string) => void;
};

const tableLabel = (table: string): string => (texts.audit.tables as Record<string, string>)[table] ?? table;

/** One audit entry: who, when, what, and its fields old → new side by side. */
export function AuditEventRow({ event, onShowHistory }: Props) {
  const data = useFragment(
    graphql`
      fragment AuditEventRow_event on AuditEvent {
        occurredAt
        userName
        tableName
        recordId
        operation
        event
        reason
        ...AuditChanges_event
      }
    `,
    event,
  );
  const recordId = data.recordId;
  return (
    <tr>
      <td>{formatAuditTime(data.occurredAt)}</td>
      <td>{data.userName}</td>
      <td>
        {tableLabel(data.tableName)}
        {recordId != null && <div className={styles.muted}>{recordId}</div>}
      </td>
      <td>
        <Label variant={data.operation === 'DELETE' ? 'danger' : data.operation === 'CREATE' ? 'success' : 'accent'}>
          {texts.audit.operations[data.operation as keyof typeof texts.audit.operations] ?? data.operation}
        </Label>
        {data.event != null && <div>{data.event}</div>}
        {data.reason != null && <div className={styles.muted}>{`${texts.audit.reason}: ${data.reason}`}</div>}
      </td>
      <td>
        <AuditChanges event={data} />
        {onShowHistory !== undefined && recordId != null && (
          <Button size="small" variant="invisible" onClick={() => onShowHistory(data.tableName, recordId)}>
            {texts.audit.showHistory}
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The column headers matching AuditEventRow. */
export function AuditEventHeader() {
  return (
    <thead>
      <tr>
        <th scope="col">{texts.audit.occurredAt}</th>
        <th scope="col">{texts.audit.user}</th>
        <th scope="col">{texts.audit.table}</th>
        <th scope="col">{texts.audit.operation}</th>
        <th scope="col">{texts.audit.changes}</th>
      </tr>
    </thead>
  );
}
