import { Component } from 'react';
import type { ReactNode } from 'react';
import { Banner, Button } from '@primer/react';
import { texts } from '../texts';

type Props = {
  children: ReactNode;
  /** What failed, e.g. the route's preloaded query: when it changes, the children are shown again. */
  resetKey: unknown;
  /** Loads again (a preloaded query that failed stays failed, so retrying must load anew). */
  onRetry: () => void;
  /** Shown instead of the banner. */
  fallback?: ReactNode;
};
type State = { failed: boolean; resetKey: unknown };

/**
 * Catches a failed screen query. The error itself was already reported by the network layer
 * (ecrf-core.md §8), so this only offers to load again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      this.props.fallback ?? (
        <Banner
          variant="critical"
          title={texts.app.loadFailed}
          primaryAction={<Button onClick={this.props.onRetry}>{texts.app.retry}</Button>}
        />
      )
    );
  }
}
