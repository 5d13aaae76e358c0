import { graphql, usePreloadedQuery } from 'react-relay';
import documentsScreenQueryNode from '../../__generated__/DocumentsScreenQuery.graphql';
import type { DocumentsScreenQuery } from '../../__generated__/DocumentsScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { NEWS_DOCUMENTS_PAGE, NewsDocumentsPage } from '../../newsDocuments/NewsDocumentsPage';

export const documentsScreenQuery = defineScreenQuery<DocumentsScreenQuery>(documentsScreenQueryNode, () => ({
  first: NEWS_DOCUMENTS_PAGE,
}));

/** /documents (general documents, sidebar 'Dokumente: Dokumente', ecrf-core.md §2). */
export function DocumentsScreen() {
  const data = usePreloadedQuery<DocumentsScreenQuery>(
    graphql`
      query DocumentsScreenQuery($first: Int!) {
        ...AppShell_query
        ...NewsDocumentsPage_query @arguments(kind: DOCUMENT, first: $first)
      }
    `,
    useScreenReference(documentsScreenQuery),
  );
  return <NewsDocumentsPage kind="DOCUMENT" query={data} />;
}
