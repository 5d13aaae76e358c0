import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { renderWithProviders } from '../testing/renderWithProviders';
import { NewsRedirectDialog } from './NewsRedirectDialog';

function setup(hasUnreadNews: boolean) {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, { Viewer: () => ({ id: 'viewer-1', hasUnreadNews }) }),
  );
  const onDone = vi.fn();
  renderWithProviders(
    <Suspense fallback="…">
      <NewsRedirectDialog onDone={onDone} />
    </Suspense>,
    { path: '/home', environment },
  );
  return { environment, onDone, user: userEvent.setup() };
}

describe('NewsRedirectDialog', () => {
  it('tells a documenting user the eCRF was updated; OK marks the news read and opens the news', async () => {
    const { environment, onDone, user } = setup(true);
    const dialog = await screen.findByRole('dialog', { name: 'Weiterleitung zu News' });
    expect(dialog.textContent).toContain('Das eCRF wurde aktualisiert. Mit OK werden Sie zum Bereich News weitergeleitet');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const mutation = environment.mock.getMostRecentOperation();
    expect(mutation.request.node.params.name).toBe('MarkNewsReadMutation');
    expect(mutation.request.variables).toEqual({ input: {} });
    environment.mock.resolve(
      mutation,
      MockPayloadGenerator.generate(mutation, { Viewer: () => ({ id: 'viewer-1', hasUnreadNews: false }) }),
    );
    expect((await screen.findByTestId('location')).textContent).toBe('/newsDocuments');
    expect(onDone).toHaveBeenCalled();
  });

  it('stays closed and ends the check when nothing is unread', async () => {
    const { onDone } = setup(false);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: 'Weiterleitung zu News' })).toBeNull();
  });

  it('closes without forwarding when dismissed', async () => {
    const { environment, onDone, user } = setup(true);
    await screen.findByRole('dialog', { name: 'Weiterleitung zu News' });
    await user.keyboard('{Escape}');
    expect(onDone).toHaveBeenCalled();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
