import { graphql, usePreloadedQuery } from 'react-relay';
import { Heading } from '@primer/react';
import supportScreenQueryNode from '../../__generated__/SupportScreenQuery.graphql';
import type { SupportScreenQuery } from '../../__generated__/SupportScreenQuery.graphql';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { OperatorContact } from '../../operator/OperatorContact';
import { texts } from '../../texts';
import styles from './SupportScreen.module.css';

export const supportScreenQuery = defineScreenQuery<SupportScreenQuery>(supportScreenQueryNode, () => ({}));

/** /support: whom to ask, from the deployment's configuration (ecrf-core.md §2). */
export function SupportScreen() {
  const { clientConfig } = usePreloadedQuery<SupportScreenQuery>(
    graphql`
      query SupportScreenQuery {
        ...AppShell_query
        clientConfig {
          versionLabel
          ...OperatorContact_clientConfig
        }
      }
    `,
    useScreenReference(supportScreenQuery),
  );
  return (
    <section aria-labelledby="support-heading" className={styles.page}>
      <Heading as="h1" id="support-heading" className={styles.heading}>
        {texts.support.heading}
      </Heading>
      <p>{texts.support.intro}</p>
      <OperatorContact clientConfig={clientConfig} />
      <p>{texts.support.versionHint(clientConfig.versionLabel)}</p>
    </section>
  );
}
