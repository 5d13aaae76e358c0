import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from './ErrorBoundary';

function Screen({ fails }: { fails: boolean }) {
  if (fails) throw new Error('query failed');
  return <p>Patienten</p>;
}

describe('ErrorBoundary', () => {
  it("offers 'Erneut versuchen', which loads again; the screen shows once what failed has been replaced", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRetry = vi.fn();
    const view = render(
      <ErrorBoundary resetKey="first load" onRetry={onRetry}>
        <Screen fails />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Die Daten konnten nicht geladen werden.')).toBeTruthy();
    // Primer's Banner renders its action for narrow and for wide layouts.
    const [retry] = screen.getAllByRole('button', { name: 'Erneut versuchen' });
    if (!retry) throw new Error('no retry button');
    await userEvent.setup().click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);

    view.rerender(
      <ErrorBoundary resetKey="second load" onRetry={onRetry}>
        <Screen fails={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Patienten')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });
});
