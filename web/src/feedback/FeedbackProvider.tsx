import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Banner } from '@primer/react';
import { alertText } from '../errors/errorCatalogue';
import { FeedbackContext } from './feedbackContext';
import type { AlertMessage, Feedback, SnackbarMessage, SnackbarVariant } from './feedbackContext';
import { texts } from '../texts';
import styles from './Feedback.module.css';

export const SNACKBAR_TIMEOUT_MS = 5000;

type Props = { children: ReactNode; /** The sign-in route: it shows no alerts (ecrf-core.md §8). */ quietPath: string };

/**
 * Holds the snackbar and the error alerts; renders the snackbar at the bottom of the viewport. An alert belongs to
 * the screen it was raised for (issue 26 item 4): the screen shown, or the one being loaded while a navigation is
 * under way; leaving that screen clears it, and the sign-in route takes none.
 */
export function FeedbackProvider({ children, quietPath }: Props) {
  const [snackbar, setSnackbar] = useState<SnackbarMessage | null>(null);
  const [alerts, setAlerts] = useState<readonly AlertMessage[]>([]);
  const nextId = useRef(1);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const screen = navigation.location?.pathname ?? pathname;
  const screenNow = useRef(screen);
  useEffect(() => {
    screenNow.current = screen;
  }, [screen]);
  // Leaving a screen drops its alerts (adjusted while rendering, so no frame shows them on the next screen).
  const [alertsPath, setAlertsPath] = useState(pathname);
  if (alertsPath !== pathname) {
    setAlertsPath(pathname);
    setAlerts((current) => current.filter((alert) => alert.screen === pathname));
  }

  const showSnackbar = useCallback((title: string, options?: { detail?: string; variant?: SnackbarVariant }) => {
    const id = nextId.current++;
    setSnackbar({ id, title, detail: options?.detail, variant: options?.variant ?? 'success' });
  }, []);
  const showAlert = useCallback(
    (raw: string) => {
      const message = alertText(raw);
      const owner = screenNow.current;
      if (message === null || owner === quietPath) return;
      const id = nextId.current++;
      // One message per failure: the same text again (e.g. several failing requests while offline) is shown once.
      setAlerts((current) => (current.some((alert) => alert.message === message) ? current : [...current, { id, message, screen: owner }]));
    },
    [quietPath],
  );
  const dismissAlert = useCallback((id: number) => {
    setAlerts((current) => current.filter((alert) => alert.id !== id));
  }, []);
  const withdrawAlert = useCallback((message: string) => {
    setAlerts((current) => current.filter((alert) => alert.message !== message));
  }, []);

  useEffect(() => {
    if (snackbar === null) return undefined;
    const timer = window.setTimeout(() => setSnackbar(null), SNACKBAR_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [snackbar]);

  const value = useMemo<Feedback>(
    () => ({ showSnackbar, showAlert, dismissAlert, withdrawAlert, alerts: alerts.filter((alert) => alert.screen === pathname) }),
    [showSnackbar, showAlert, dismissAlert, withdrawAlert, alerts, pathname],
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
