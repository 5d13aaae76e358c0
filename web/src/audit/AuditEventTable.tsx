import { graphql, useFragment } from 'react-relay';
import { Button, Label } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import type { AuditEventTable_events$data, AuditEventTable_events$key } from '../__generated__/AuditEventTable_events.graphql';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { AuditChanges } from './AuditChanges';
import { formatAuditTime } from './auditFormat';

type Props = {
  events: AuditEventTable_events$key;
  /** The id of the heading that names the table (tests and screen readers find it by that name). */
  labelledBy: string;
  /** Offered when the viewer may read one record's history. */
  onShowHistory?: (record: AuditRecord) => void;
  /** Off where all entries are of one record that the surrounding title names (the history dialog). */
  showRecord?: boolean;
};

/** A record of the audit trail: its kind and global id. */
export type AuditRecord = { recordKind: string; recordId: string };
type AuditEvent = AuditEventTable_events$data[number];

export const recordKindLabel = (kind: string): string => (texts.audit.recordKinds as Record<string, string>)[kind] ?? kind;

const operationVariant = (operation: string) => (operation === 'DELETE' ? 'danger' : operation === 'CREATE' ? 'success' : 'accent');

/** Audit entries: who, when, what, and per entry its fields old → new side by side. */
export function AuditEventTable({ events, labelledBy, onShowHistory, showRecord = true }: Props) {
  const data = useFragment(
    graphql`
      fragment AuditEventTable_events on AuditEvent @relay(plural: true) {
        id
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
    events,
  );
  const columns: Column<AuditEvent>[] = [
    { id: 'occurredAt', header: texts.audit.occurredAt, width: 'auto', renderCell: (row) => formatAuditTime(row.occurredAt) },
    { id: 'user', header: texts.audit.user, width: 'auto', field: 'userName' },
    {
      id: 'record',
      header: texts.audit.table,
      width: '14rem',
      renderCell: (row) => (
        <div>
          {recordKindLabel(row.recordKind)}
          {row.recordId != null && <div className={styles.recordId}>{row.recordId}</div>}
        </div>
      ),
    },
    {
      id: 'operation',
      header: texts.audit.operation,
      width: '10rem',
      renderCell: (row) => (
        <div>
          <Label variant={operationVariant(row.operation)}>
            {texts.audit.operations[row.operation as keyof typeof texts.audit.operations] ?? row.operation}
          </Label>
          {row.event != null && <div>{row.event}</div>}
          {row.reasonForChange != null && <div className={styles.muted}>{`${texts.audit.reason}: ${row.reasonForChange}`}</div>}
        </div>
      ),
    },
    {
      id: 'changes',
      header: texts.audit.changes,
      // The rest of the width: long stored values wrap instead of widening the table.
      width: 'growCollapse',
      minWidth: '16rem',
      renderCell: (row) => (
        <div className={styles.cellBlock}>
          <AuditChanges event={row} />
          {onShowHistory !== undefined && row.recordId != null && (
            <ShowHistoryButton record={{ recordKind: row.recordKind, recordId: row.recordId }} onShow={onShowHistory} />
          )}
        </div>
      ),
    },
  ];
  return (
    <div className={styles.topAligned}>
      <DataTable
        aria-labelledby={labelledBy}
        columns={showRecord ? columns : columns.filter((column) => column.id !== 'record')}
        data={[...data]}
        cellPadding="condensed"
      />
    </div>
  );
}

function ShowHistoryButton({ record, onShow }: { record: AuditRecord; onShow: (record: AuditRecord) => void }) {
  return (
    <Button size="small" variant="invisible" onClick={() => onShow(record)}>
      {texts.audit.showHistory}
    </Button>
  );
}
