import type { Page } from 'playwright-core';
import { ROLE_IDENTIFIERS } from '@ecrf/rules';
import { AppShell } from './app-shell.js';
import { LoginPage } from './login-page.js';

/** Signs in and waits for the dashboard; a location-bound role takes the first location offered. */
export async function signInAs(page: Page, userName: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  await page.waitForURL('**/home');
  const shell = new AppShell(page);
  const dashboard = shell.sidebar.getByRole('link', { name: 'Dashboard' });
  const locations = page.getByRole('dialog', { name: 'Standortauswahl' });
  await Promise.race([dashboard.waitFor(), locations.waitFor()]);
  if (await locations.isVisible()) {
    await locations.getByRole('radio').first().check();
    await locations.getByRole('button', { name: 'OK' }).click();
  }
  await dashboard.waitFor();
}

/** The demo users, one per seeded role: the standard roles and the registry's product management (user name = role in lower case). */
export const DEMO_ROLES = [...ROLE_IDENTIFIERS, 'PMNNGM'] as const;
