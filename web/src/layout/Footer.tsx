import { graphql, useFragment } from 'react-relay';
import { Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { Footer_clientConfig$key } from '../__generated__/Footer_clientConfig.graphql';
import { texts } from '../texts';
import styles from './AppShell.module.css';

/** Footer: version label and the links to legal notice and privacy (ecrf-core.md §1). */
export function Footer({ clientConfig }: { clientConfig: Footer_clientConfig$key }) {
  const { versionLabel } = useFragment(
    graphql`
      fragment Footer_clientConfig on ClientConfig {
        versionLabel
      }
    `,
    clientConfig,
  );
  return (
    <footer className={styles.footer}>
      <span>{texts.app.versionLabel(versionLabel)}</span>
      <nav aria-label={texts.app.legalNavigation} className={styles.footerLinks}>
        <Link as={RouterLink} to="/impressum">
          {texts.app.impressum}
        </Link>
        <Link as={RouterLink} to="/impressum#datenschutz">
          {texts.app.privacy}
        </Link>
        <Link as={RouterLink} to="/support">
          {texts.app.support}
        </Link>
      </nav>
    </footer>
  );
}
