import { useId, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Button, Heading } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import type { DataFieldDefinition } from '@ecrf/rules';
import type { InstrumentHistory_instrument$key } from '../__generated__/InstrumentHistory_instrument.graphql';
import type { ValueTextSources } from '../forms/fieldText';
import { texts } from '../texts';
import styles from './FormHistory.module.css';
import { changeText, historyTime, type ChangeSide, type ChangeSubject } from './changeText';

const t = texts.formHistory;

/** Changes per page: the screen's query brings the first page; "Weitere Änderungen laden" the next. */
export const HISTORY_PAGE = 20;

type Props = {
  instrument: InstrumentHistory_instrument$key;
  sources: ValueTextSources;
  /** The field definition of the patient's definition version by its key. */
  definitionOf: (key: string) => DataFieldDefinition | undefined;
  /** Shows the form at an instant (ISO). */
  onShowAsOf: (at: string) => void;
};

type Row = {
  id: string;
  time: string;
  field: string;
  path: string | null;
  event: string | null;
  oldText: string;
  newText: string;
  reason: string;
  user: string;
  role: string;
  location: string;
  /** The instant just before the change; null for a creation (nothing stood before it). */
  before: string | null;
};

/**
 * A form's audit trail field by field, newest first (issue 25 item 5): what changed, from what to what, why, by whom
 * in which role and at which location, and when; each change offers the form as it stood just before it.
 */
export function InstrumentHistory({ instrument, sources, definitionOf, onShowAsOf }: Props) {
  const headingId = useId();
  const [loading, startLoading] = useTransition();
  const { data, loadNext, hasNext } = usePaginationFragment(
    graphql`
      fragment InstrumentHistory_instrument on Instrument
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" })
      @refetchable(queryName: "InstrumentHistoryPaginationQuery") {
        history(first: $first, after: $after) @connection(key: "InstrumentHistory_history") {
          totalCount
          edges {
            cursor
            node {
              occurredAt
              operation
              event
              reasonForChange
              userName
              roleName
              roleIdentifier
              locationName
              field {
                key
                kind
                path
                label
                definition {
                  key
                }
              }
              oldValue {
                values
                isDeleted
                lockedManually
                json
              }
              newValue {
                values
                isDeleted
                lockedManually
                json
              }
            }
          }
        }
      }
    `,
    instrument,
  );
  const rows: Row[] = data.history.edges.map(({ cursor, node }) => {
    const subject: ChangeSubject | null = node.field
      ? {
          key: node.field.key,
          kind: node.field.kind,
          definition: node.field.definition ? definitionOf(node.field.definition.key) : undefined,
        }
      : null;
    const side = (value: ChangeSide | null | undefined) => (subject ? changeText(subject, value, sources) : t.noValue);
    return {
      id: cursor,
      time: historyTime(node.occurredAt),
      field: node.field?.label ?? (node.operation === 'DELETE' ? t.deleted : t.created),
      path: node.field?.kind === 'FIELD' ? (node.field.path ?? null) : null,
      event: node.event ?? null,
      oldText: side(node.oldValue),
      newText: side(node.newValue),
      reason: node.reasonForChange ?? '',
      user: node.userName,
      role: node.roleName ?? node.roleIdentifier ?? '',
      location: node.locationName ?? '',
      before: node.operation === 'CREATE' ? null : new Date(Date.parse(node.occurredAt) - 1).toISOString(),
    };
  });
  const columns: Column<Row>[] = [
    {
      id: 'time',
      header: t.time,
      width: 'auto',
      // The state before a change sits at its time: no column of its own, so narrow windows keep the field in view.
      renderCell: (row) => (
        <div className={styles.timeCell}>
          <span>{row.time}</span>
          {row.before !== null && (
            <Button size="small" onClick={() => onShowAsOf(row.before ?? '')} aria-label={t.showBeforeLabel(row.field, row.time)}>
              {t.showBefore}
            </Button>
          )}
        </div>
      ),
    },
    {
      id: 'field',
      header: t.field,
      width: 'growCollapse',
      minWidth: '9rem',
      renderCell: (row) => (
        <div>
          {row.field}
          {row.path !== null && <div className={styles.muted}>{row.path}</div>}
          {row.event !== null && <div className={styles.muted}>{row.event}</div>}
        </div>
      ),
    },
    { id: 'old', header: t.oldValue, field: 'oldText', width: 'growCollapse', minWidth: '7rem' },
    { id: 'new', header: t.newValue, field: 'newText', width: 'growCollapse', minWidth: '7rem' },
    { id: 'reason', header: t.reason, field: 'reason', width: 'growCollapse', minWidth: '7rem' },
    { id: 'user', header: t.user, field: 'user', width: 'auto' },
    { id: 'role', header: t.role, field: 'role', width: 'auto' },
    { id: 'location', header: t.location, field: 'location', width: 'auto' },
  ];
  return (
    <section aria-labelledby={headingId} className={styles.history}>
      <Heading as="h2" id={headingId} className={styles.heading}>
        {t.heading}
      </Heading>
      <p id={`${headingId}-count`} className={styles.muted}>
        {t.count(data.history.totalCount)}
      </p>
      {rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        // Eight columns: below their width Primer's table scrolls within its frame, which then takes the focus for keys.
        <DataTable
          aria-labelledby={headingId}
          aria-describedby={`${headingId}-count`}
          data={rows}
          columns={columns}
          cellPadding="condensed"
        />
      )}
      {hasNext && (
        <Button className={styles.more} loading={loading} onClick={() => startLoading(() => void loadNext(HISTORY_PAGE))}>
          {t.more}
        </Button>
      )}
    </section>
  );
}
