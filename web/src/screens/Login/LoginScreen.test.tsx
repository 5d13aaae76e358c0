import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockPayloadGenerator } from 'relay-test-utils';
import { LoginScreen } from './LoginScreen';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { clearSession, getRefreshToken, getToken } from '../../session/sessionStore';

async function signIn() {
  const view = renderWithProviders(<LoginScreen />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Benutzername/), 'cm.koeln');
  await user.type(screen.getByLabelText(/^Passwort/), 'Geheim123');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  const operation = view.environment.mock.getMostRecentOperation();
  return { ...view, operation };
}

type SignInPayload = {
  session: { token: string; refreshToken: string; expiresAt: string } | null;
  errors: Array<{ code: string; message: string; field: null }>;
  lockedUntil: string | null;
};

async function signInWith(payload: SignInPayload) {
  const view = await signIn();
  act(() => {
    view.environment.mock.resolve(view.operation, MockPayloadGenerator.generate(view.operation, { SignInPayload: () => payload }));
  });
  return view;
}

describe('LoginScreen', () => {
  it('sends user name and password', async () => {
    const { operation } = await signIn();
    expect(operation.request.variables).toEqual({ input: { userName: 'cm.koeln', password: 'Geheim123' } });
  });

  it('stores the session and goes to /home', async () => {
    await signInWith({ session: { token: 'tok', refreshToken: 'ref', expiresAt: '2030-01-01T00:00:00Z' }, errors: [], lockedUntil: null });
    expect(getToken()).toBe('tok');
    expect(getRefreshToken()).toBe('ref');
    expect(screen.getByTestId('location').textContent).toBe('/home');
  });

  it('says "Kein Token erhalten." without session and errors', async () => {
    await signInWith({ session: null, errors: [], lockedUntil: null });
    expect(screen.getByText('Kein Token erhalten.')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('explains wrong credentials in the form', async () => {
    await signInWith({ session: null, errors: [{ code: 'INVALID_CREDENTIALS', message: 'x', field: null }], lockedUntil: null });
    expect(screen.getByRole('alert').textContent).toContain('Benutzername oder Passwort ist falsch.');
  });

  it('shows "Fehler beim Login aufgetreten: " with the detail when the request fails', async () => {
    const view = await signIn();
    act(() => {
      view.environment.mock.reject(view.operation, new Error('Zeitüberschreitung'));
    });
    expect(screen.getByText('Fehler beim Login aufgetreten: Zeitüberschreitung')).toBeTruthy();
  });

  it('asks for both fields before sending', async () => {
    const view = renderWithProviders(<LoginScreen />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText('Bitte geben Sie Benutzername und Passwort ein.')).toBeTruthy();
    expect(view.environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('shows why the last session ended', () => {
    clearSession('autoLogout');
    renderWithProviders(<LoginScreen />);
    expect(screen.getByText('Sie wurden automatisch abgemeldet.')).toBeTruthy();
    act(() => clearSession('expired'));
    expect(screen.getByText('Ihr Login ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeTruthy();
  });
});
