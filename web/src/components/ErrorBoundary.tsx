import { Component, type ContextType } from 'react';
import type { ReactNode } from 'react';
import { Banner, Button } from '@primer/react';
import { texts } from '../texts';
import { NetworkError, RefusedError } from '../errors/errorCatalogue';
import { FeedbackContext } from '../feedback/feedbackContext';

type Props = {
  children: ReactNode;
  /** What failed, e.g. the route's preloaded query: when it changes, the children are shown again. */
  resetKey: unknown;
  /** Loads again (a preloaded query that failed stays failed, so retrying must load anew). */
  onRetry: () => void;
  /** Shown instead of the banner. */
  fallback?: ReactNode;
};
type State = { failed: boolean; network: boolean; refused: boolean; resetKey: unknown };

/**
 * Catches a failed screen query. The error itself was already reported by the network layer
 * (ecrf-core.md §8), so this only offers to load again; an outage keeps its own text (not a generic load failure).
 * A refusal (missing right) adds nothing: its German alert is the whole message, and loading again would be
 * refused again. An outage's text stands here, beside "Erneut versuchen", and not also as an alert above (one
 * message per failure, issue 26 item 4).
 */
export class ErrorBoundary extends Component<Props, State> {
  static override contextType = FeedbackContext;
  declare context: ContextType<typeof FeedbackContext>;
  override state: State = { failed: false, network: false, refused: false, resetKey: this.props.resetKey };

  override componentDidCatch(error: unknown) {
    if (error instanceof NetworkError) this.context?.withdrawAlert(texts.errors.network);
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, network: error instanceof NetworkError, refused: error instanceof RefusedError };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, network: false, refused: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.refused && this.props.fallback === undefined) return null;
    return (
      this.props.fallback ?? (
        <Banner
          variant="critical"
          title={this.state.network ? texts.errors.network : texts.app.loadFailed}
          primaryAction={<Button onClick={this.props.onRetry}>{texts.app.retry}</Button>}
        />
      )
    );
  }
}
