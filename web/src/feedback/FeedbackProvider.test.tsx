import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { AlertList, FeedbackProvider } from './FeedbackProvider';
import { useFeedback, type Feedback } from './feedbackContext';

const held: { feedback: Feedback | null } = { feedback: null };

function Screen() {
  const feedback = useFeedback();
  useEffect(() => {
    held.feedback = feedback;
  });
  return <AlertList alerts={feedback.alerts} onDismiss={feedback.dismissAlert} />;
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <FeedbackProvider quietPath="/">
            <Outlet />
          </FeedbackProvider>
        ),
        children: ['/', '/patients', '/exports'].map((path) => ({ path, element: <Screen /> })),
      },
    ],
    { initialEntries: ['/patients'] },
  );
  render(<RouterProvider router={router} />);
  const alert = (message: string) => act(() => held.feedback?.showAlert(message));
  return { router, alert };
}

const shown = () => screen.queryAllByText(/^(Grund|Verbindungsstörung|Ein Fehler)/).map((element) => element.textContent);

describe('Alerts belong to their screen (issue 26 item 4)', () => {
  afterEach(() => {
    held.feedback = null;
  });

  it('clears an alert when its screen is left, and shows the same failure once', async () => {
    const { router, alert } = setup();
    alert('body/reasonForChange must NOT have more than 2000 characters');
    alert('body/reasonForChange must NOT have more than 2000 characters');
    expect(shown()).toEqual(['Grund der Änderung: höchstens 2000 Zeichen']);

    await act(() => router.navigate('/exports'));
    expect(shown()).toEqual([]);
    await act(() => router.navigate(-1));
    expect(shown()).toEqual([]);
  });

  it('shows no alert on the sign-in route, also not one raised before the session ended', async () => {
    const { router, alert } = setup();
    alert('Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.');
    await act(() => router.navigate('/'));
    alert('Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.');
    expect(shown()).toEqual([]);
  });

  it('lets a screen withdraw an alert whose text it shows itself', () => {
    const { alert } = setup();
    alert('Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.');
    act(() => held.feedback?.withdrawAlert('Verbindungsstörung: Überprüfen Sie bitte ihre Internetverbindung.'));
    expect(shown()).toEqual([]);
  });

  it("adds nothing for Relay's English error about a response without data", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { alert } = setup();
    alert('No data returned for operation `UpdateInstrumentMutation`, got error(s): …');
    expect(screen.queryByText(/No data returned/)).toBeNull();
    expect(held.feedback?.alerts).toEqual([]);
    warn.mockRestore();
  });
});
