import { graphql, usePreloadedQuery } from 'react-relay';
import { Heading } from '@primer/react';
import onkozertExportScreenQueryNode from '../../__generated__/OnkozertExportScreenQuery.graphql';
import type { OnkozertExportScreenQuery } from '../../__generated__/OnkozertExportScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { IMPORTS_PAGE, OnkozertImportsTable } from '../../onkozert/OnkozertImportsTable';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

export const onkozertExportScreenQuery = defineScreenQuery<OnkozertExportScreenQuery>(onkozertExportScreenQueryNode, () => ({
  first: IMPORTS_PAGE,
}));

/** /onkozertexport (no sidebar entry of its own, ecrf-core.md §2): the imported data sheets, each to download again. */
export function OnkozertExportScreen() {
  const data = usePreloadedQuery<OnkozertExportScreenQuery>(
    graphql`
      query OnkozertExportScreenQuery($first: Int!) {
        ...AppShell_query
        ...OnkozertImportsTable_query @arguments(first: $first)
      }
    `,
    useScreenReference(onkozertExportScreenQuery),
  );
  return (
    <section aria-labelledby="onkozert-export-heading">
      <Heading as="h1" id="onkozert-export-heading" className={styles.heading}>
        {texts.onkozert.exportHeading}
      </Heading>
      <OnkozertImportsTable query={data} labelledBy="onkozert-export-heading" />
    </section>
  );
}
