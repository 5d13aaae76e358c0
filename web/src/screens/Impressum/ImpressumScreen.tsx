import { Suspense, useEffect } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Heading, Link } from '@primer/react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { ImpressumScreenQuery } from '../../__generated__/ImpressumScreenQuery.graphql';
import { PageSpinner } from '../../components/PageSpinner';
import { OperatorContact } from '../../operator/OperatorContact';
import { useIsSignedIn } from '../../session/useSessionState';
import { PublicLayout } from '../../layout/PublicLayout';
import { texts } from '../../texts';
import styles from './ImpressumScreen.module.css';

/** /impressum: legal notice; the footer's Datenschutz link points at its #datenschutz section. */
export function ImpressumScreen() {
  const { hash } = useLocation();
  const signedIn = useIsSignedIn();

  useEffect(() => {
    if (hash === '') return;
    document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash]);

  return (
    <PublicLayout title={texts.impressum.heading} wide>
      <section aria-labelledby="impressum-provider" className={styles.section}>
        <Heading as="h2" id="impressum-provider" className={styles.heading}>
          {texts.impressum.providerHeading}
        </Heading>
        <p>{texts.impressum.provider}</p>
        <Suspense fallback={<PageSpinner />}>
          <Operator />
        </Suspense>
        <p>{texts.impressum.purpose}</p>
      </section>
      <section id="datenschutz" aria-labelledby="impressum-privacy" className={styles.section}>
        <Heading as="h2" id="impressum-privacy" className={styles.heading}>
          {texts.impressum.privacyHeading}
        </Heading>
        <p>{texts.impressum.privacy}</p>
        <p>{texts.impressum.rights}</p>
      </section>
      <Link as={RouterLink} to={signedIn ? '/home' : '/'}>
        {texts.impressum.back}
      </Link>
    </PublicLayout>
  );
}

/** The operator's data is public configuration: the page shows it before and after sign-in. */
function Operator() {
  const { clientConfig } = useLazyLoadQuery<ImpressumScreenQuery>(
    graphql`
      query ImpressumScreenQuery {
        clientConfig {
          ...OperatorContact_clientConfig
        }
      }
    `,
    {},
  );
  return <OperatorContact clientConfig={clientConfig} />;
}
