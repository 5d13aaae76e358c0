import { graphql, useLazyLoadQuery } from 'react-relay';
import { Heading } from '@primer/react';
import type { DocumentationScreenQuery } from '../../__generated__/DocumentationScreenQuery.graphql';
import { texts } from '../../texts';
import { DocumentationForm } from './DocumentationForm';
import styles from './Documentation.module.css';

/** /documentation: generate and download the functional documentation of a study definition (ecrf-calls.md "Documentation"). */
export function DocumentationScreen() {
  const { studyDefinitions } = useLazyLoadQuery<DocumentationScreenQuery>(
    graphql`
      query DocumentationScreenQuery {
        studyDefinitions {
          ...DocumentationForm_studyDefinitions
        }
      }
    `,
    {},
  );
  return (
    <section aria-labelledby="documentation-heading" className={styles.screen}>
      <Heading as="h1" id="documentation-heading" className={styles.title}>
        {texts.documentation.heading}
      </Heading>
      <p className={styles.intro}>{texts.documentation.intro}</p>
      <DocumentationForm studyDefinitions={studyDefinitions} />
    </section>
  );
}
