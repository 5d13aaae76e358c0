import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { Button, Checkbox, FormControl, Heading } from '@primer/react';
import { UploadIcon } from '@primer/octicons-react';
import type { NewsDocumentsPage_query$key } from '../__generated__/NewsDocumentsPage_query.graphql';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';
import adminStyles from '../administration/AdminTable.module.css';
import { NewsDocumentRow } from './NewsDocumentRow';
import { UploadNewsDocumentDialog, type UploadTarget } from './UploadNewsDocumentDialog';
import { RULES_KIND, type GraphKind } from './metadataForm';
import styles from './NewsDocuments.module.css';

const t = texts.newsDocuments;

/** Documents a screen shows at once; more follow with "Weitere laden". */
export const NEWS_DOCUMENTS_PAGE = 50;

type Props = { kind: GraphKind; query: NewsDocumentsPage_query$key };

/**
 * One of the document screens (/newsDocuments, /documents, /legendDocuments): the documents of its kind with
 * title, description, tags, version, date and download; editors upload documents and new versions, change the
 * metadata, delete and restore (shown with "Gelöschte anzeigen").
 */
export function NewsDocumentsPage({ kind, query }: Props) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment NewsDocumentsPage_query on Query
      @argumentDefinitions(
        kind: { type: "NewsDocumentKind!" }
        includeDeleted: { type: "Boolean", defaultValue: false }
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
      )
      @refetchable(queryName: "NewsDocumentsPageRefetchQuery") {
        viewer {
          newsDocumentCapabilities {
            create
            update
            delete
          }
        }
        newsDocuments(filter: { kind: $kind, includeDeleted: $includeDeleted }, first: $first, after: $after)
          @connection(key: "NewsDocumentsPage_newsDocuments", filters: ["filter"]) {
          edges {
            node {
              id
              ...NewsDocumentRow_newsDocument
            }
          }
        }
      }
    `,
    query,
  );
  const can = data.viewer.newsDocumentCapabilities;
  const [showDeleted, setShowDeleted] = useState(false);
  const [upload, setUpload] = useState<UploadTarget | null>(null);
  const [, startTransition] = useTransition();
  const feedback = useFeedback();
  const headingId = `news-documents-${kind.toLowerCase()}`;

  const reload = (includeDeleted = showDeleted) =>
    startTransition(() => {
      refetch({ kind, includeDeleted, first: NEWS_DOCUMENTS_PAGE }, { fetchPolicy: 'network-only' });
    });
  const done = (message: string | null) => {
    setUpload(null);
    if (message !== null) feedback.showSnackbar(message);
    reload();
  };
  const edges = data.newsDocuments.edges;

  return (
    <section aria-labelledby={headingId}>
      <Heading as="h1" id={headingId} className={adminStyles.heading}>
        {t.headings[kind]}
      </Heading>
      <p className={styles.intro}>{t.intros[kind]}</p>
      {(can.create || can.delete) && (
        <div className={adminStyles.toolbar}>
          {can.create && (
            <Button
              variant="primary"
              leadingVisual={UploadIcon}
              onClick={() => setUpload({ mode: 'create', kind: RULES_KIND[kind], label: t.create[kind] })}
            >
              {t.create[kind]}
            </Button>
          )}
          {can.delete && (
            <FormControl>
              <Checkbox
                checked={showDeleted}
                onChange={(event) => {
                  setShowDeleted(event.target.checked);
                  reload(event.target.checked);
                }}
              />
              <FormControl.Label>{t.showDeleted}</FormControl.Label>
            </FormControl>
          )}
        </div>
      )}
      {edges.length === 0 ? (
        <p>{t.empty[kind]}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={adminStyles.table} aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t.title}</th>
                <th scope="col">{t.tags}</th>
                <th scope="col">{t.version}</th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {edges.map(({ node }) => (
                <NewsDocumentRow
                  key={node.id}
                  newsDocument={node}
                  can={can}
                  onNewVersion={(document) => setUpload({ mode: 'version', document })}
                  onChanged={done}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasNext && (
        <Button className={adminStyles.footer} disabled={isLoadingNext} onClick={() => loadNext(NEWS_DOCUMENTS_PAGE)}>
          {t.loadMore}
        </Button>
      )}
      {upload && <UploadNewsDocumentDialog target={upload} onClose={() => setUpload(null)} onUploaded={done} />}
    </section>
  );
}
