import { createContext, useContext } from 'react';

export type SnackbarVariant = 'success' | 'critical' | 'info' | 'warning';
export type SnackbarMessage = { id: number; title: string; detail?: string; variant: SnackbarVariant };
/** An error alert and the path of the screen it belongs to. */
export type AlertMessage = { id: number; message: string; screen: string };

export type Feedback = {
  /** Global snackbar (ecrf-core.md §9: 5000 ms, default success). */
  showSnackbar: (title: string, options?: { detail?: string; variant?: SnackbarVariant }) => void;
  /** Dismissible red error alert. */
  showAlert: (message: string) => void;
  dismissAlert: (id: number) => void;
  /** Removes the alerts with this text: the screen shows it in its own place. */
  withdrawAlert: (message: string) => void;
  /** The alerts of the screen shown. */
  alerts: readonly AlertMessage[];
};

export const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (feedback === null) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
