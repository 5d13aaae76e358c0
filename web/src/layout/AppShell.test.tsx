import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { AppShell, appShellQuery } from './AppShell';
import { renderWithProviders } from '../testing/renderWithProviders';
import {
  clearSession,
  getSelectedLocationId,
  isNewsCheckDue,
  markNewsCheckDue,
  storeSelectedLocationId,
  storeSession,
} from '../session/sessionStore';

function viewer(requiresLocationSelection: boolean) {
  return {
    id: 'viewer-1',
    hasUnreadNews: true,
    requiresLocationSelection,
    rights: ['SUPER_RIGHT'],
    user: { displayName: 'Clara Meyer', userName: 'cm.koeln' },
    role: { identifier: requiresLocationSelection ? 'CaseManager' : 'SuperAdmin', displayName: 'Case Manager' },
    locations: [{ id: 'loc-1', identifier: '0101', displayName: 'Universitätsklinikum Köln', isDigiNet: true }],
  };
}

function setup(requiresLocationSelection: boolean) {
  storeSession({ token: 'tok', refreshToken: 'ref' });
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, {
      Viewer: () => viewer(requiresLocationSelection),
      ClientConfig: () => ({
        versionLabel: '1.30.6',
        idleWarningAfterMs: 1_620_000,
        autoLogoutAfterWarn: 180,
        supportPhone: '0221 1',
        supportEmail: 'office@example.org',
      }),
    }),
  );
  const endSession = vi.fn();
  renderWithProviders(<AppShell />, { path: '/home', environment, endSession, screenQuery: appShellQuery });
  return { environment, endSession, user: userEvent.setup() };
}

afterEach(() => clearSession());

describe('AppShell', () => {
  it('sends signed-out visitors to the login page', () => {
    renderWithProviders(<AppShell />, { path: '/home' });
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('shows sidebar, top bar and footer', () => {
    setup(false);
    const nav = screen.getByRole('navigation', { name: 'Hauptmenü' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Patienten' }).getAttribute('href')).toBe('/patients');
    // Entries whose screen is not built yet stay hidden even with every right.
    expect(within(nav).queryByText('Query Übersicht')).toBeNull();
    expect(screen.getByText('Version 1.30.6')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum');
    expect(screen.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/impressum#datenschutz');
    expect(screen.queryByRole('button', { name: /Standortauswahl öffnen/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('remembers in this browser whether the sidebar is open, across sign-ins (issue 18)', async () => {
    window.localStorage.clear();
    const first = setup(false);
    // Nothing matches the wide-screen query in tests: the sidebar starts closed.
    await first.user.click(screen.getByRole('button', { name: 'Navigation einblenden' }));
    expect(screen.getByRole('button', { name: 'Navigation ausblenden' }).getAttribute('aria-expanded')).toBe('true');
    cleanup();

    const second = setup(false);
    const toggle = screen.getByRole('button', { name: 'Navigation ausblenden' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await second.user.click(toggle);
    cleanup();

    setup(false);
    expect(screen.getByRole('button', { name: 'Navigation einblenden' }).getAttribute('aria-expanded')).toBe('false');
    window.localStorage.clear();
  });

  it('asks a location-bound user for the location and stores the choice', async () => {
    const { user } = setup(true);
    const dialog = screen.getByRole('dialog', { name: 'Standortauswahl' });
    await user.click(within(dialog).getByRole('radio', { name: '0101 - Universitätsklinikum Köln' }));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(getSelectedLocationId()).toBe('loc-1');
    expect(screen.queryByRole('dialog')).toBeNull();
    const locationButton = screen.getByRole('button', { name: /Standortauswahl öffnen/ });
    expect(locationButton.textContent).toContain('0101 - Universitätsklinikum Köln');
    await user.click(locationButton);
    expect(screen.getByRole('dialog', { name: 'Standortauswahl' })).toBeTruthy();
  });

  it('opens the account popup from the user in the top bar', async () => {
    storeSelectedLocationId('loc-1');
    const { user } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Benutzerkonto von Clara Meyer öffnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Benutzerkonto' });
    expect(within(dialog).getByText('cm.koeln')).toBeTruthy();
    expect(within(dialog).getByText('Case Manager')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Passwort ändern' })).toBeTruthy();
  });

  it('signs out with Abmelden and ends the session', async () => {
    const { user, environment, endSession } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Abmelden' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('SignOutMutation');
    act(() => {
      environment.mock.resolve(operation, MockPayloadGenerator.generate(operation));
    });
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('after sign-in asks for unread news once the location is chosen, and shows the news dialog', async () => {
    markNewsCheckDue();
    const { environment, user } = setup(true);
    const locations = screen.getByRole('dialog', { name: 'Standortauswahl' });
    expect(screen.queryByRole('dialog', { name: 'Weiterleitung zu News' })).toBeNull();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    await user.click(within(locations).getByRole('radio', { name: '0101 - Universitätsklinikum Köln' }));
    await user.click(within(locations).getByRole('button', { name: 'OK' }));
    const check = environment.mock.getMostRecentOperation();
    expect(check.request.node.params.name).toBe('NewsRedirectDialogQuery');
    act(() => environment.mock.resolve(check, MockPayloadGenerator.generate(check, { Viewer: () => viewer(true) })));
    expect(await screen.findByRole('dialog', { name: 'Weiterleitung zu News' })).toBeTruthy();
  });

  it('asks nothing of admin-type users after sign-in and ends the check', () => {
    markNewsCheckDue();
    const { environment } = setup(false);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(isNewsCheckDue()).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
