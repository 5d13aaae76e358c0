import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Banner } from '@primer/react';
import { FeedbackContext } from './feedbackContext';
import type { AlertMessage, Feedback, SnackbarMessage, SnackbarVariant } from './feedbackContext';
import { texts } from '../texts';
import styles from './Feedback.module.css';

export const SNACKBAR_TIMEOUT_MS = 5000;

/** Holds the snackbar and the error alerts; renders the snackbar at the bottom of the viewport. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [snackbar, setSnackbar] = useState<SnackbarMessage | null>(null);
  const [alerts, setAlerts] = useState<readonly AlertMessage[]>([]);
  const nextId = useRef(1);

  const showSnackbar = useCallback((title: string, options?: { detail?: string; variant?: SnackbarVariant }) => {
    const id = nextId.current++;
    setSnackbar({ id, title, detail: options?.detail, variant: options?.variant ?? 'success' });
  }, []);
  const showAlert = useCallback((message: string) => {
    const id = nextId.current++;
    // The same message twice in a row (e.g. several failing requests while offline) is shown once.
    setAlerts((current) => (current.some((alert) => alert.message === message) ? current : [...current, { id, message }]));
  }, []);
  const dismissAlert = useCallback((id: number) => {
    setAlerts((current) => current.filter((alert) => alert.id !== id));
  }, []);

  useEffect(() => {
    if (snackbar === null) return undefined;
    const timer = window.setTimeout(() => setSnackbar(null), SNACKBAR_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [snackbar]);

  const value = useMemo<Feedback>(
    () => ({ showSnackbar, showAlert, dismissAlert, alerts }),
    [showSnackbar, showAlert, dismissAlert, alerts],
  );

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <div className={styles.snackbarRegion} role="status" aria-live="polite">
        {snackbar !== null && (
          <Banner
            key={snackbar.id}
            className={styles.snackbar}
            variant={snackbar.variant}
            title={snackbar.title}
            description={snackbar.detail}
            onDismiss={() => setSnackbar(null)}
          />
        )}
      </div>
    </FeedbackContext.Provider>
  );
}

/** The dismissible red error alerts, shown at the top of the page content. */
export function AlertList({ alerts, onDismiss }: { alerts: readonly AlertMessage[]; onDismiss: (id: number) => void }) {
  if (alerts.length === 0) return null;
  return (
    <div className={styles.alerts}>
      {alerts.map((alert) => (
        <Banner
          key={alert.id}
          variant="critical"
          title={texts.errors.alertTitle}
          description={alert.message}
          onDismiss={() => onDismiss(alert.id)}
        />
      ))}
    </div>
  );
}
