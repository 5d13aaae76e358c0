import { graphql, usePreloadedQuery } from 'react-relay';
import legendDocumentsScreenQueryNode from '../../__generated__/LegendDocumentsScreenQuery.graphql';
import type { LegendDocumentsScreenQuery } from '../../__generated__/LegendDocumentsScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { NEWS_DOCUMENTS_PAGE, NewsDocumentsPage } from '../../newsDocuments/NewsDocumentsPage';

export const legendDocumentsScreenQuery = defineScreenQuery<LegendDocumentsScreenQuery>(legendDocumentsScreenQueryNode, () => ({
  first: NEWS_DOCUMENTS_PAGE,
}));

/** /legendDocuments (legend documents, sidebar 'Dokumente: Legende', ecrf-core.md §2). */
export function LegendDocumentsScreen() {
  const data = usePreloadedQuery<LegendDocumentsScreenQuery>(
    graphql`
      query LegendDocumentsScreenQuery($first: Int!) {
        ...AppShell_query
        ...NewsDocumentsPage_query @arguments(kind: LEGEND, first: $first)
      }
    `,
    useScreenReference(legendDocumentsScreenQuery),
  );
  return <NewsDocumentsPage kind="LEGEND" query={data} />;
}
