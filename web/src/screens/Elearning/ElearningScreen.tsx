import { graphql, usePreloadedQuery } from 'react-relay';
import { Banner, Heading } from '@primer/react';
import elearningScreenQueryNode from '../../__generated__/ElearningScreenQuery.graphql';
import type { ElearningScreenQuery } from '../../__generated__/ElearningScreenQuery.graphql';
import { ElearningForm } from '../../elearning/ElearningForm';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { texts } from '../../texts';
import styles from '../../administration/AdminTable.module.css';

/** The route preloads the screen's query with these variables. */
export const elearningScreenQuery = defineScreenQuery<ElearningScreenQuery>(elearningScreenQueryNode, () => ({}));

/** /elearning: the e-learning of each study definition that has one; documentation screens lead here while it is pending. */
export function ElearningScreen() {
  const { studyDefinitions } = usePreloadedQuery<ElearningScreenQuery>(
    graphql`
      query ElearningScreenQuery {
        ...AppShell_query
        studyDefinitions {
          id
          elearning {
            __typename
          }
          ...ElearningForm_studyDefinition
        }
      }
    `,
    useScreenReference(elearningScreenQuery),
  );
  const withElearning = studyDefinitions.filter((definition) => definition.elearning !== null);
  return (
    <section aria-labelledby="elearning-heading">
      <Heading as="h1" id="elearning-heading" className={styles.heading}>
        {texts.elearning.heading}
      </Heading>
      {withElearning.length === 0 && <Banner variant="info" title={texts.elearning.none} />}
      {withElearning.map((definition) => (
        <ElearningForm key={definition.id} studyDefinition={definition} />
      ))}
    </section>
  );
}
