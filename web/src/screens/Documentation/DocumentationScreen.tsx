import { graphql, usePreloadedQuery } from 'react-relay';
import { Heading } from '@primer/react';
import documentationScreenQueryNode from '../../__generated__/DocumentationScreenQuery.graphql';
import type { DocumentationScreenQuery } from '../../__generated__/DocumentationScreenQuery.graphql';
import { texts } from '../../texts';
import { DocumentationDownloadForm } from './DocumentationDownloadForm';
import styles from './Documentation.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables. */
export const documentationScreenQuery = defineScreenQuery<DocumentationScreenQuery>(documentationScreenQueryNode, () => ({}));

/** /documentation: generate and download the functional documentation of a study definition (ecrf-calls.md "Documentation"). */
export function DocumentationScreen() {
  const { studyDefinitions } = usePreloadedQuery<DocumentationScreenQuery>(
    graphql`
      query DocumentationScreenQuery {
        ...AppShell_query
        studyDefinitions {
          ...DocumentationDownloadForm_studyDefinitions
        }
      }
    `,
    useScreenReference(documentationScreenQuery),
  );
  return (
    <section aria-labelledby="documentation-heading" className={styles.screen}>
      <Heading as="h1" id="documentation-heading" className={styles.title}>
        {texts.documentation.heading}
      </Heading>
      <p className={styles.intro}>{texts.documentation.intro}</p>
      <DocumentationDownloadForm studyDefinitions={studyDefinitions} />
    </section>
  );
}
