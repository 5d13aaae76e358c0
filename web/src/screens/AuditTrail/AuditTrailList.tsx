import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Button, FormControl, Select, TextInput } from '@primer/react';
import type { AuditTrailList_query$key } from '../../__generated__/AuditTrailList_query.graphql';
import type { AuditOperation, AuditRecordKind } from '../../__generated__/AuditTrailListPaginationQuery.graphql';
import { AuditEventTable, type AuditRecord } from '../../audit/AuditEventTable';
import { registryDayEnd, registryDayStart } from '@ecrf/rules';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

type Props = {
  query: AuditTrailList_query$key;
  /** The id of the screen heading that names the table. */
  labelledBy: string;
  onShowHistory?: (record: AuditRecord) => void;
};
type Filter = { recordKind: '' | AuditRecordKind; recordId: string; operation: '' | AuditOperation; from: string; to: string };

export const AUDIT_PAGE = 50;
const PAGE = AUDIT_PAGE;
const empty: Filter = { recordKind: '', recordId: '', operation: '', from: '', to: '' };

/** The audit trail, newest first, filtered by kind of record, record, operation and days (from … to inclusive). */
export function AuditTrailList({ query, labelledBy, onShowHistory }: Props) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment AuditTrailList_query on Query
      @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" }, filter: { type: "AuditEventFilter" })
      @refetchable(queryName: "AuditTrailListPaginationQuery") {
        auditEvents(first: $first, after: $after, filter: $filter) @connection(key: "AuditTrailList_auditEvents") {
          totalCount
          edges {
            node {
              ...AuditEventTable_events
            }
          }
        }
      }
    `,
    query,
  );
  const [filter, setFilter] = useState<Filter>(empty);
  const [pending, startTransition] = useTransition();
  const set = (key: keyof Filter) => (value: string) => setFilter((current) => ({ ...current, [key]: value }));

  const apply = (next: Filter) => {
    startTransition(() => {
      refetch(
        {
          first: PAGE,
          filter: {
            recordKind: next.recordKind || null,
            recordId: next.recordId.trim() || null,
            operation: next.operation || null,
            // Days are registry days (Europe/Berlin); the "to" day is included.
            from: next.from ? registryDayStart(next.from) : null,
            to: next.to ? registryDayEnd(next.to) : null,
          },
        },
        { fetchPolicy: 'network-only' },
      );
    });
  };

  const edges = data.auditEvents.edges;
  return (
    <>
      <form
        className={styles.toolbar}
        aria-label={texts.audit.filters}
        onSubmit={(event) => {
          event.preventDefault();
          apply(filter);
        }}
      >
        <FormControl>
          <FormControl.Label>{texts.audit.table}</FormControl.Label>
          <Select value={filter.recordKind} onChange={(event) => set('recordKind')(event.target.value)}>
            <Select.Option value="">{texts.audit.anyTable}</Select.Option>
            {Object.entries(texts.audit.recordKinds).map(([kind, label]) => (
              <Select.Option key={kind} value={kind}>
                {label}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{texts.audit.recordId}</FormControl.Label>
          <TextInput value={filter.recordId} onChange={(event) => set('recordId')(event.target.value)} />
        </FormControl>
        <FormControl>
          <FormControl.Label>{texts.audit.operation}</FormControl.Label>
          <Select value={filter.operation} onChange={(event) => set('operation')(event.target.value)}>
            <Select.Option value="">{texts.audit.anyOperation}</Select.Option>
            {(Object.keys(texts.audit.operations) as AuditOperation[]).map((operation) => (
              <Select.Option key={operation} value={operation}>
                {texts.audit.operations[operation as keyof typeof texts.audit.operations]}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{texts.audit.from}</FormControl.Label>
          <TextInput type="date" value={filter.from} onChange={(event) => set('from')(event.target.value)} />
        </FormControl>
        <FormControl>
          <FormControl.Label>{texts.audit.to}</FormControl.Label>
          <TextInput type="date" value={filter.to} onChange={(event) => set('to')(event.target.value)} />
        </FormControl>
        <Button type="submit" variant="primary" disabled={pending}>
          {texts.audit.apply}
        </Button>
        <Button
          type="button"
          onClick={() => {
            setFilter(empty);
            apply(empty);
          }}
        >
          {texts.audit.reset}
        </Button>
      </form>
      {edges.length === 0 ? (
        <p>{texts.audit.empty}</p>
      ) : (
        <AuditEventTable events={edges.map((edge) => edge.node)} labelledBy={labelledBy} onShowHistory={onShowHistory} />
      )}
      <div className={styles.footer}>
        <span className={styles.muted}>{texts.admin.count(edges.length, data.auditEvents.totalCount)}</span>
        {hasNext && (
          <Button onClick={() => loadNext(PAGE)} disabled={isLoadingNext}>
            {texts.admin.loadMore}
          </Button>
        )}
      </div>
    </>
  );
}
