import { graphql, usePreloadedQuery } from 'react-relay';
import newsDocumentsScreenQueryNode from '../../__generated__/NewsDocumentsScreenQuery.graphql';
import type { NewsDocumentsScreenQuery } from '../../__generated__/NewsDocumentsScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { NEWS_DOCUMENTS_PAGE, NewsDocumentsPage } from '../../newsDocuments/NewsDocumentsPage';

export const newsDocumentsScreenQuery = defineScreenQuery<NewsDocumentsScreenQuery>(newsDocumentsScreenQueryNode, () => ({
  first: NEWS_DOCUMENTS_PAGE,
}));

/** /newsDocuments (the network's news, sidebar 'Dokumente: News', ecrf-core.md §2). */
export function NewsDocumentsScreen() {
  const data = usePreloadedQuery<NewsDocumentsScreenQuery>(
    graphql`
      query NewsDocumentsScreenQuery($first: Int!) {
        ...AppShell_query
        ...NewsDocumentsPage_query @arguments(kind: NEWS, first: $first)
      }
    `,
    useScreenReference(newsDocumentsScreenQuery),
  );
  return <NewsDocumentsPage kind="NEWS" query={data} />;
}
