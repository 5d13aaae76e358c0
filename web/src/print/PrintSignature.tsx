import { graphql, useFragment } from 'react-relay';
import type { PrintSignature_visit$key } from '../__generated__/PrintSignature_visit.graphql';
import { formatDateTime } from '../errors/errorCatalogue';
import { texts } from '../texts';
import styles from './Print.module.css';

/**
 * The signature manifestation of a printed visit (21 CFR 11.50; ecrf-calls.md §4): the signer's name, date
 * and time, and the meaning of the signature. A withdrawn signature says so, since the print is no longer
 * what was signed.
 */
export function PrintSignature({ visit }: { visit: PrintSignature_visit$key }) {
  const { isSigned, signature } = useFragment(
    graphql`
      fragment PrintSignature_visit on Visit {
        isSigned
        signature {
          displayName
          signedAt
          meaning
        }
      }
    `,
    visit,
  );
  const t = texts.print;
  if (!signature) {
    return (
      <section className={styles.signature} aria-label={t.signatureHeading}>
        <h2 className={styles.sectionHeading}>{t.signatureHeading}</h2>
        <p>{t.notSigned}</p>
      </section>
    );
  }
  return (
    <section className={styles.signature} aria-label={t.signatureHeading}>
      <h2 className={styles.sectionHeading}>{t.signatureHeading}</h2>
      {!isSigned && <p>{t.signatureWithdrawn}</p>}
      <dl className={styles.values}>
        <div className={styles.valueRow}>
          <dt>{t.signedBy}</dt>
          <dd>{signature.displayName}</dd>
        </div>
        <div className={styles.valueRow}>
          <dt>{t.signedAt}</dt>
          <dd>{formatDateTime(signature.signedAt) ?? signature.signedAt}</dd>
        </div>
        <div className={styles.valueRow}>
          <dt>{t.signatureMeaning}</dt>
          <dd>{signature.meaning}</dd>
        </div>
      </dl>
    </section>
  );
}
