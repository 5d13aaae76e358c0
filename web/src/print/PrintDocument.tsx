import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Heading } from '@primer/react';
import { formatDateTime } from '../errors/errorCatalogue';
import { texts } from '../texts';
import styles from './Print.module.css';

/** A CSS string literal: quotes, backslashes and line breaks as hex escapes (CSS Syntax §4.3.7). */
export const cssString = (text: string): string =>
  `"${text.replace(/["\\\n\r]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}"`;

/**
 * The frame of the print views: the print and back buttons (screen only), the heading and the printing time.
 * On paper every page carries the patient's pseudonym and the document in its top margin and "Seite n von m"
 * in its bottom margin: @page margin boxes, which Chromium prints with text and page counters; the page
 * number part is static (Print.module.css), the pseudonym is set here.
 */
type Props = {
  title: string;
  /** What the running header calls the document, beside the pseudonym, e.g. "Baseline". */
  sheet: string;
  pseudonym: string;
  children: ReactNode;
};

export function PrintDocument({ title, sheet, pseudonym, children }: Props) {
  const navigate = useNavigate();
  const running = `@page { @top-left { content: ${cssString(texts.print.runningHeader(pseudonym, sheet))}; } }`;
  return (
    <article className={styles.page} aria-labelledby="print-heading">
      <style>{running}</style>
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
