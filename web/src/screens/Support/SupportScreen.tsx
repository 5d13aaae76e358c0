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

/** /support: whom to ask, from the deployment's configuration (ecrf-core.md §2); administrators also see the component versions. */
export function SupportScreen() {
  const { clientConfig, systemAssemblies } = usePreloadedQuery<SupportScreenQuery>(
    graphql`
      query SupportScreenQuery {
        ...AppShell_query
        clientConfig {
          versionLabel
          ...OperatorContact_clientConfig
        }
        systemAssemblies {
          components {
            name
            version
          }
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
      {systemAssemblies && (
        <>
          <Heading as="h2" id="support-components" className={styles.subheading}>
            {texts.support.componentsHeading}
          </Heading>
          <dl aria-labelledby="support-components" className={styles.components}>
            {systemAssemblies.components.map((component) => (
              <div key={component.name}>
                <dt>{component.name}</dt>
                <dd>{component.version}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
