import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Heading } from '@primer/react';
import { formatDateTime } from '../errors/errorCatalogue';
import { texts } from '../texts';
import styles from './Print.module.css';

/** The frame of the print views: a heading, the print and back buttons (not printed) and the printing time. */
export function PrintPage({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <article className={styles.page} aria-labelledby="print-heading">
      <div className={styles.toolbar}>
        <Button variant="primary" onClick={() => window.print()}>
          {texts.print.print}
        </Button>
        <Button onClick={() => navigate(-1)}>{texts.print.back}</Button>
      </div>
      <Heading as="h1" id="print-heading" className={styles.heading}>
        {title}
      </Heading>
      <p className={styles.muted}>{texts.print.printedAt(formatDateTime(new Date().toISOString()) ?? '')}</p>
      {children}
    </article>
  );
}
