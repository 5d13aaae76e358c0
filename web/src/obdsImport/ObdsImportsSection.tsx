import { Suspense, useMemo, useState, useTransition } from 'react';
import { graphql, useFragment, useLazyLoadQuery, usePaginationFragment, useSubscription } from 'react-relay';
import { Button, Heading, ProgressBar, VisuallyHidden } from '@primer/react';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { ObdsImportsSectionQuery } from '../__generated__/ObdsImportsSectionQuery.graphql';
import type { ObdsImportsSectionReviewQuery } from '../__generated__/ObdsImportsSectionReviewQuery.graphql';
import type { ObdsImportsSectionSubscription } from '../__generated__/ObdsImportsSectionSubscription.graphql';
import type { ObdsImportsSection_query$key } from '../__generated__/ObdsImportsSection_query.graphql';
import type { ObdsImportsSection_row$key } from '../__generated__/ObdsImportsSection_row.graphql';
import { formatAuditTime } from '../audit/auditFormat';
import { PageSpinner } from '../components/PageSpinner';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import obdsStyles from './ObdsImport.module.css';
import { ObdsImportReview } from './ObdsImportReview';
import { ObdsUploadForm } from './ObdsUploadForm';
import { statusText } from './obdsImportStatus';

export const OBDS_IMPORTS_PAGE = 25;
const t = texts.obdsImport;

/** The list's heading level: below the screen's h1 (oBDS alone) or below the section's h2 (beside the OncoBox import). */
type Props = { studyId: string; mayImport: boolean; listHeading: 'h2' | 'h3' };

/**
 * The oBDS part of /imports: the upload (documentation right), the study's earlier imports with their live progress,
 * and the review of the chosen one (docs/obds-import.md).
 */
export function ObdsImportsSection({ studyId, mayImport, listHeading }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const [listKey, setListKey] = useState(0);
  const [, startTransition] = useTransition();
  const reload = () => startTransition(() => setListKey((key) => key + 1));
  return (
    <>
      {mayImport && (
        <ObdsUploadForm
          studyId={studyId}
          onStarted={(importId) => {
            setSelected(importId);
            reload();
          }}
        />
      )}
      <Heading as={listHeading} id="obds-list-heading" className={`${styles.heading} ${obdsStyles.review}`}>
        {t.listHeading}
      </Heading>
      <Suspense fallback={<PageSpinner />}>
        <ImportList studyId={studyId} fetchKey={listKey} selected={selected} onSelect={setSelected} onNew={reload} />
      </Suspense>
    </>
  );
}

type ListProps = { studyId: string; fetchKey: number; selected: string | null; onSelect: (id: string) => void; onNew: () => void };

function ImportList({ studyId, fetchKey, selected, onSelect, onNew }: ListProps) {
  const data = useLazyLoadQuery<ObdsImportsSectionQuery>(
    graphql`
      query ObdsImportsSectionQuery($studyId: ID!, $first: Int!) {
        ...ObdsImportsSection_query @arguments(studyId: $studyId, first: $first)
      }
    `,
    { studyId, first: OBDS_IMPORTS_PAGE },
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const subscription = useMemo<GraphQLSubscriptionConfig<ObdsImportsSectionSubscription>>(
    () => ({
      subscription: graphql`
        subscription ObdsImportsSectionSubscription($studyId: ID!) {
          obdsImportUpdated(studyId: $studyId) {
            obdsImport {
              status
              ...ObdsImportsSection_row
            }
          }
        }
      `,
      variables: { studyId },
      // A progress step updates its row through the store; an import started elsewhere needs the list again.
      onNext: (response) => {
        if (response?.obdsImportUpdated.obdsImport.status === 'QUEUED') onNew();
      },
    }),
    [studyId, onNew],
  );
  useSubscription(subscription);
  return <ImportTable query={data} selected={selected} onSelect={onSelect} />;
}

function ImportTable({
  query,
  selected,
  onSelect,
}: {
  query: ObdsImportsSection_query$key;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment ObdsImportsSection_query on Query
      @argumentDefinitions(studyId: { type: "ID!" }, first: { type: "Int!" }, after: { type: "String" })
      @refetchable(queryName: "ObdsImportsSectionPaginationQuery") {
        obdsImports(studyId: $studyId, first: $first, after: $after) @connection(key: "ObdsImportsSection_obdsImports") {
          edges {
            node {
              id
              status
              ...ObdsImportsSection_row
            }
          }
        }
      }
    `,
    query,
  );
  const edges = data.obdsImports.edges;
  if (edges.length === 0) return <p>{t.listEmpty}</p>;
  const chosen = edges.find(({ node }) => node.id === selected)?.node;
  return (
    <>
      <div className={obdsStyles.scroll}>
        <table className={styles.table} aria-labelledby="obds-list-heading">
          <thead>
            <tr>
              <th scope="col">{t.importedAt}</th>
              <th scope="col">{t.fileName}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.outcome.PROPOSED}</th>
              <th scope="col">{t.outcome.NOT_APPLICABLE}</th>
              <th scope="col">{t.outcome.NOT_MAPPED}</th>
              <th scope="col">{t.outcome.DUPLICATE}</th>
              <th scope="col">{t.outcome.UNMATCHED}</th>
              <th scope="col">
                <VisuallyHidden>{t.open}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => (
              <ImportRow key={node.id} obdsImport={node} selected={node.id === selected} onSelect={onSelect} />
            ))}
          </tbody>
        </table>
      </div>
      {hasNext && (
        <Button onClick={() => loadNext(OBDS_IMPORTS_PAGE)} disabled={isLoadingNext}>
          {t.more}
        </Button>
      )}
      {selected && (
        <Suspense fallback={<PageSpinner />}>
          <SelectedReview id={selected} status={chosen?.status ?? ''} />
        </Suspense>
      )}
    </>
  );
}

/** One import of the list; the progress subscription updates it through the store. */
function ImportRow({
  obdsImport,
  selected,
  onSelect,
}: {
  obdsImport: ObdsImportsSection_row$key;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const node = useFragment(
    graphql`
      fragment ObdsImportsSection_row on ObdsImport {
        id
        fileName
        importedAt
        importedBy
        patientCount
        patientsDone
        status
        failureReason
        outcomeCounts {
          proposed
          notApplicable
          notMapped
          duplicate
          unmatched
        }
      }
    `,
    obdsImport,
  );
  return (
    <tr aria-current={selected ? 'true' : undefined}>
      <td>
        {formatAuditTime(node.importedAt)}
        <div className={styles.muted}>
          {t.importedBy} {node.importedBy}
        </div>
      </td>
      <td>{node.fileName}</td>
      <td>
        {statusText(node)}
        {(node.status === 'RUNNING' || node.status === 'QUEUED') && (
          <ProgressBar
            aria-label={t.progressLabel(node.fileName)}
            progress={node.patientCount > 0 ? Math.round((100 * node.patientsDone) / node.patientCount) : 0}
          />
        )}
        {node.failureReason && <div className={styles.muted}>{node.failureReason}</div>}
      </td>
      <td>{node.outcomeCounts.proposed}</td>
      <td>{node.outcomeCounts.notApplicable}</td>
      <td>{node.outcomeCounts.notMapped}</td>
      <td>{node.outcomeCounts.duplicate}</td>
      <td>{node.outcomeCounts.unmatched}</td>
      <td>
        <Button size="small" aria-label={t.openLabel(node.fileName)} onClick={() => onSelect(node.id)}>
          {t.open}
        </Button>
      </td>
    </tr>
  );
}

/** The chosen import's review; read again when its status changes (the last batch brings the remaining messages). */
function SelectedReview({ id, status }: { id: string; status: string }) {
  const data = useLazyLoadQuery<ObdsImportsSectionReviewQuery>(
    graphql`
      query ObdsImportsSectionReviewQuery($id: ID!) {
        obdsImport(id: $id) {
          ...ObdsImportReview_obdsImport
        }
      }
    `,
    { id },
    { fetchPolicy: 'store-and-network', fetchKey: status },
  );
  return data.obdsImport ? <ObdsImportReview obdsImport={data.obdsImport} /> : <p>{t.notFound}</p>;
}
