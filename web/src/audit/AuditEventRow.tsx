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
  onShowHistory?: (record: AuditRecord) => void;
};

/** A record of the audit trail: its kind and global id. */
export type AuditRecord = { recordKind: string; recordId: string };

export const recordKindLabel = (kind: string): string => (texts.audit.recordKinds as Record<string, string>)[kind] ?? kind;

/** One audit entry: who, when, what, and its fields old → new side by side. */
export function AuditEventRow({ event, onShowHistory }: Props) {
  const data = useFragment(
    graphql`
      fragment AuditEventRow_event on AuditEvent {
        occurredAt
        userName
        recordKind
        recordId
        operation
        event
        reasonForChange
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
        {recordKindLabel(data.recordKind)}
        {recordId != null && <div className={styles.muted}>{recordId}</div>}
      </td>
      <td>
        <Label variant={data.operation === 'DELETE' ? 'danger' : data.operation === 'CREATE' ? 'success' : 'accent'}>
          {texts.audit.operations[data.operation as keyof typeof texts.audit.operations] ?? data.operation}
        </Label>
        {data.event != null && <div>{data.event}</div>}
        {data.reasonForChange != null && <div className={styles.muted}>{`${texts.audit.reason}: ${data.reasonForChange}`}</div>}
      </td>
      <td>
        <AuditChanges event={data} />
        {onShowHistory !== undefined && recordId != null && (
          <Button size="small" variant="invisible" onClick={() => onShowHistory({ recordKind: data.recordKind, recordId })}>
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
