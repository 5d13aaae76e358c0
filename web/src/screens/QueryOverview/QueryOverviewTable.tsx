import { useState } from 'react';
import { graphql, readInlineData, useRefetchableFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Button, FormControl, Link, Select, TextInput } from '@primer/react';
import { DataTable, type Column } from '@primer/react/experimental';
import { DATA_QUERY_ANSWER_STAGES, DATA_QUERY_STATUSES, TEXT_LIMITS } from '@ecrf/rules';
import type { QueryOverviewTable_query$key } from '../../__generated__/QueryOverviewTable_query.graphql';
import type { QueryOverviewTable_row$data, QueryOverviewTable_row$key } from '../../__generated__/QueryOverviewTable_row.graphql';
import type {
  DataQueryAnswerStage,
  DataQueryOrderField,
  DataQueryStatus,
  QueryOverviewTableRefetchQuery,
} from '../../__generated__/QueryOverviewTableRefetchQuery.graphql';
import { useRefetchOnChange } from '../../administration/useRefetchOnChange';
import { SortControls } from '../../components/SortControls';
import { formatDateTime } from '../../errors/errorCatalogue';
import { locationLabel } from '../../location/locationLabel';
import { DataQueryStatusLabel } from '../../dataQueries/DataQueryStatusLabel';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';
import queryStyles from '../../dataQueries/DataQueries.module.css';
import { DataQueryDialog } from '../../dataQueries/DataQueryDialog';
import { DataQuerySubject } from '../../dataQueries/DataQuerySubject';
import { overviewPage, type PageRequest } from './overviewPaging';

export const QUERY_PAGE = 25;
const t = texts.dataQueries;
const sortFields = Object.entries(t.sortFields) as [DataQueryOrderField, string][];

type Row = QueryOverviewTable_row$data & { highlighted: boolean; open: () => void };

/** What one row shows; inline, so the table reads every row it hands to Primer's DataTable. The query mutations select it. */
function readRow(row: QueryOverviewTable_row$key): QueryOverviewTable_row$data {
  return readInlineData(
    graphql`
      fragment QueryOverviewTable_row on DataQuery @inline {
        id
        title
        subject
        status
        answerStage
        priority
        pseudonym
        changedAt
        ...DataQuerySubject_dataQuery
        studyPatient {
          id
        }
        location {
          identifier
          displayName
        }
      }
    `,
    row,
  );
}

type Props = {
  query: QueryOverviewTable_query$key;
  labelledBy: string;
  studyId: string;
  locations: readonly { id: string; identifier: string; displayName: string }[];
  /** The Patient filter's choices; null without the patient list right (no filter then). */
  patients: readonly { id: string; pseudonym: string }[] | null;
  /** Ids of queries that changed live a moment ago: their rows are highlighted quietly. */
  highlighted: ReadonlySet<string>;
  /** Bumped by a live change: the current page is loaded again. */
  refreshKey: number;
};

/** Filters, sorting and paging of the query overview (ecrf-calls.md §3 "Query overview filters"); each row opens its query. */
export function QueryOverviewTable({ query, labelledBy, studyId, locations, patients, highlighted, refreshKey }: Props) {
  const [data, refetch] = useRefetchableFragment<QueryOverviewTableRefetchQuery, QueryOverviewTable_query$key>(
    graphql`
      fragment QueryOverviewTable_query on Query
      @argumentDefinitions(
        studyId: { type: "ID!" }
        first: { type: "Int" }
        after: { type: "String" }
        last: { type: "Int" }
        before: { type: "String" }
        filter: { type: "DataQueryFilter" }
        orderBy: { type: "DataQueryOrder", defaultValue: { field: CHANGED_AT, descending: true } }
      )
      @refetchable(queryName: "QueryOverviewTableRefetchQuery") {
        dataQueries(studyId: $studyId, filter: $filter, orderBy: $orderBy, first: $first, after: $after, last: $last, before: $before) {
          totalCount
          pageInfo {
            hasNextPage
            hasPreviousPage
            startCursor
            endCursor
          }
          edges {
            node {
              ...QueryOverviewTable_row
              ...DataQueryDialog_dataQuery
            }
          }
        }
      }
    `,
    query,
  );
  const [studyPatientId, setStudyPatientId] = useState('');
  const [locationId, setLocationId] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [answerStage, setAnswerStage] = useState('');
  const [field, setField] = useState<DataQueryOrderField>('CHANGED_AT');
  const [descending, setDescending] = useState(true);
  const [page, setPage] = useState<PageRequest>({ number: 1, cursor: null, direction: 'forward' });
  const [opened, setOpened] = useState<string | null>(null);
  const filter = {
    studyPatientId: studyPatientId || null,
    locationId: locationId || null,
    search: search.trim() || null,
    statuses: status ? [status as DataQueryStatus] : null,
    answerStages: answerStage ? [answerStage as DataQueryAnswerStage] : null,
  };
  const filterKey = JSON.stringify({ filter, field, descending });
  const [pagedFor, setPagedFor] = useState(filterKey);
  // New filters or another order start again on the first page.
  const current = pagedFor === filterKey ? page : { number: 1, cursor: null, direction: 'forward' as const };
  if (pagedFor !== filterKey) {
    setPagedFor(filterKey);
    setPage(current);
  }
  useRefetchOnChange(
    {
      studyId,
      filter,
      orderBy: { field, descending },
      ...(current.direction === 'forward'
        ? { first: QUERY_PAGE, after: current.cursor, last: null, before: null }
        : { last: QUERY_PAGE, before: current.cursor, first: null, after: null }),
    },
    (variables) => refetch(variables, { fetchPolicy: 'network-only' }),
    refreshKey,
  );
  const { edges, totalCount, pageInfo } = data.dataQueries;
  const paging = overviewPage(current.number, totalCount, QUERY_PAGE);
  const rows: Row[] = edges.map(({ node }) => {
    const row = readRow(node);
    return { ...row, highlighted: highlighted.has(row.id), open: () => setOpened(row.id) };
  });
  const openedEdge = edges.find(({ node }) => readRow(node).id === opened);

  const select = (label: string, value: string, set: (value: string) => void, options: readonly [string, string][], any: string) => (
    <FormControl>
      <FormControl.Label>{label}</FormControl.Label>
      <Select value={value} onChange={(event) => set(event.target.value)}>
        <Select.Option value="">{any}</Select.Option>
        {options.map(([optionValue, optionLabel]) => (
          <Select.Option key={optionValue} value={optionValue}>
            {optionLabel}
          </Select.Option>
        ))}
      </Select>
    </FormControl>
  );
  return (
    <>
      <div role="group" aria-label={t.filters} className={styles.toolbar}>
        {patients !== null &&
          select(
            t.patient,
            studyPatientId,
            setStudyPatientId,
            patients.map((patient) => [patient.id, patient.pseudonym]),
            t.anyPatient,
          )}
        {select(
          t.location,
          locationId,
          setLocationId,
          locations.map((location) => [location.id, locationLabel(location)]),
          t.anyLocation,
        )}
        <FormControl>
          <FormControl.Label>{t.search}</FormControl.Label>
          <TextInput
            type="search"
            maxLength={TEXT_LIMITS.search}
            value={search}
            placeholder={t.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
        </FormControl>
        {select(
          t.status,
          status,
          setStatus,
          DATA_QUERY_STATUSES.map((value) => [value, t.statuses[value]]),
          t.anyStatus,
        )}
        {select(
          t.answerStage,
          answerStage,
          setAnswerStage,
          DATA_QUERY_ANSWER_STAGES.map((value) => [value, t.answerStages[value]]),
          t.anyStatus,
        )}
        <SortControls
          labels={t}
          fields={sortFields}
          field={field}
          onFieldChange={setField}
          descending={descending}
          onDescendingChange={setDescending}
        />
      </div>
      {rows.length === 0 ? (
        <p>{t.noneVisible}</p>
      ) : (
        <DataTable aria-labelledby={labelledBy} cellPadding="condensed" columns={columns} data={rows} />
      )}
      <nav className={styles.footer} aria-label={t.page(paging.number, paging.pages)}>
        <span className={styles.muted}>
          {t.count(totalCount)} · {t.page(paging.number, paging.pages)}
        </span>
        <Button
          disabled={!pageInfo.hasPreviousPage || paging.number === 1}
          onClick={() => setPage({ number: current.number - 1, cursor: pageInfo.startCursor ?? null, direction: 'backward' })}
        >
          {t.previousPage}
        </Button>
        <Button
          disabled={!pageInfo.hasNextPage}
          onClick={() => setPage({ number: current.number + 1, cursor: pageInfo.endCursor ?? null, direction: 'forward' })}
        >
          {t.nextPage}
        </Button>
      </nav>
      {openedEdge && <DataQueryDialog dataQuery={openedEdge.node} onClose={() => setOpened(null)} />}
    </>
  );
}

/** Every cell of a highlighted row fades from a quiet background, so the whole row stands out for a moment. */
const cell = (row: Row, content: React.ReactNode) => (
  <span className={`${styles.cellBlock} ${row.highlighted ? queryStyles.highlight : ''}`}>{content}</span>
);

const columns: Column<Row>[] = [
  {
    id: 'title',
    header: t.columns.title,
    // A long title wraps within its column instead of running over the patient beside it (issue 26 item 6, 800 px).
    width: 'growCollapse',
    minWidth: '10rem',
    renderCell: (row) =>
      cell(
        row,
        <Link as="button" type="button" className={queryStyles.wrappingLink} onClick={row.open} aria-label={t.open(row.title)}>
          {row.title}
        </Link>,
      ),
  },
  {
    id: 'pseudonym',
    header: t.columns.pseudonym,
    renderCell: (row) =>
      cell(
        row,
        row.studyPatient ? (
          <Link as={RouterLink} to={`/patient/${encodeURIComponent(row.studyPatient.id)}`}>
            {row.pseudonym}
          </Link>
        ) : (
          (row.pseudonym ?? '–')
        ),
      ),
  },
  { id: 'location', header: t.columns.location, renderCell: (row) => cell(row, row.location ? locationLabel(row.location) : '–') },
  {
    id: 'target',
    header: t.columns.target,
    // By name and linked to the record's form, opened at the field (issue 26); a long name wraps, as the title does.
    width: 'growCollapse',
    minWidth: '10rem',
    renderCell: (row) => cell(row, <DataQuerySubject dataQuery={row} className={queryStyles.wrappingLink} />),
  },
  { id: 'status', header: t.columns.status, renderCell: (row) => cell(row, <DataQueryStatusLabel status={row.status} />) },
  {
    id: 'answerStage',
    header: t.columns.answerStage,
    renderCell: (row) => cell(row, t.answerStages[row.answerStage as keyof typeof t.answerStages] ?? row.answerStage),
  },
  {
    id: 'priority',
    header: t.columns.priority,
    renderCell: (row) => cell(row, t.priorities[row.priority as keyof typeof t.priorities] ?? row.priority),
  },
  { id: 'changedAt', header: t.columns.changedAt, renderCell: (row) => cell(row, formatDateTime(row.changedAt) ?? row.changedAt) },
];
