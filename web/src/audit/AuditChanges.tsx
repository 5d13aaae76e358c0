import { graphql, useFragment } from 'react-relay';
import type { AuditChanges_event$key } from '../__generated__/AuditChanges_event.graphql';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { formatAuditValue } from './auditFormat';

/** The changed fields of one audit entry, old → new side by side. */
export function AuditChanges({ event }: { event: AuditChanges_event$key }) {
  const { changes } = useFragment(
    graphql`
      fragment AuditChanges_event on AuditEvent {
        changes {
          field
          oldValue
          newValue
        }
      }
    `,
    event,
  );
  if (changes.length === 0) return <span className={styles.muted}>{texts.audit.noChanges}</span>;
  return (
    <table className={styles.table} aria-label={texts.audit.changes}>
      <thead>
        <tr>
          <th scope="col">{texts.audit.field}</th>
          <th scope="col">{texts.audit.oldValue}</th>
          <th scope="col">{texts.audit.newValue}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <td>{change.field}</td>
            <td className={styles.old}>{formatAuditValue(change.oldValue)}</td>
            <td className={styles.new}>{formatAuditValue(change.newValue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
