import type { ReactNode } from 'react';
import { Heading, Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { AlertList } from '../feedback/FeedbackProvider';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';
import styles from './PublicLayout.module.css';

/** Frame of the public pages: brand bar, one centred card, legal links. */
export function PublicLayout({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const { alerts, dismissAlert } = useFeedback();
  return (
    <div className={styles.page}>
      <header className={styles.brandBar}>
        <span className={styles.brand}>{texts.app.title}</span>
      </header>
      <main className={styles.main}>
        <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
          <AlertList alerts={alerts} onDismiss={dismissAlert} />
          <Heading as="h1" className={styles.title}>
            {title}
          </Heading>
          {children}
        </div>
      </main>
      <footer className={styles.footer}>
        <Link as={RouterLink} to="/impressum">
          {texts.app.impressum}
        </Link>
        <Link as={RouterLink} to="/impressum#datenschutz">
          {texts.app.privacy}
        </Link>
      </footer>
    </div>
  );
}
