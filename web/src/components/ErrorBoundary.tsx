import { Component } from 'react';
import type { ReactNode } from 'react';
import { Banner, Button } from '@primer/react';
import { texts } from '../texts';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * Catches a failed screen query. The error itself was already reported by the network layer
 * (ecrf-core.md §8), so this only offers to load again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Banner
        variant="critical"
        title={texts.app.loadFailed}
        primaryAction={<Button onClick={() => this.setState({ failed: false })}>{texts.app.retry}</Button>}
      />
    );
  }
}
