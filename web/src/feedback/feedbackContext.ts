import { createContext, useContext } from 'react';

export type SnackbarVariant = 'success' | 'critical' | 'info' | 'warning';
export type SnackbarMessage = { id: number; title: string; detail?: string; variant: SnackbarVariant };
export type AlertMessage = { id: number; message: string };

export type Feedback = {
  /** Global snackbar (ecrf-core.md §9: 5000 ms, default success). */
  showSnackbar: (title: string, options?: { detail?: string; variant?: SnackbarVariant }) => void;
  /** Dismissible red error alert. */
  showAlert: (message: string) => void;
  dismissAlert: (id: number) => void;
  alerts: readonly AlertMessage[];
};

export const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (feedback === null) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
