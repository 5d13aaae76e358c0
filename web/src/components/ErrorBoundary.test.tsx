import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from './ErrorBoundary';
import { RefusedError } from '../errors/errorCatalogue';

function Screen({ fails, refused = false }: { fails: boolean; refused?: boolean }) {
  if (refused) throw new RefusedError([]);
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

  it('adds nothing to a refusal: the German refusal alert says it all, and loading again would be refused again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <ErrorBoundary resetKey="first load" onRetry={vi.fn()}>
        <Screen fails refused />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('Die Daten konnten nicht geladen werden.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    expect(view.container.textContent).toBe('');
  });
});
