import { Spinner } from '@primer/react';
import { texts } from '../texts';
import styles from './PageSpinner.module.css';

export function PageSpinner() {
  return (
    <div className={styles.center}>
      <Spinner size="large" srText={texts.app.loading} />
    </div>
  );
}
