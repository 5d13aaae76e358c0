import { useEffect } from 'react';
import { Heading, Link } from '@primer/react';
import { Link as RouterLink, useLocation } from 'react-router';
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
