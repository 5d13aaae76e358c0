import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();
let page: Page;

beforeEach(async () => {
  page = await browser.newPage();
});

describe('A case manager signs in and chooses a location', () => {
  it('asks for the location, keeps it for the session and signs out', async () => {
    const login = new LoginPage(page);
    const location = new LocationDialog(page);
    const shell = new AppShell(page);

    // When I open the registry and sign in
    await login.open();
    await login.signIn('casemanager');

    // Then I am asked for which location I document, among my two locations only
    await location.dialog.waitFor();
    expect(await location.offeredLocations()).toEqual(['1001 - Universitätsklinikum Köln', '2002 - Klinikum Essen']);
    expect(await location.okButton().isDisabled()).toBe(true);
    await expect.poll(() => location.dialog.innerText()).toContain('Falls Ihr gewünschter Standort fehlt');
    const dialogWidth = (await location.dialog.boundingBox())?.width ?? 0;
    expect(dialogWidth).toBeGreaterThan(300);
    expect(dialogWidth).toBeLessThanOrEqual(600);

    // When I choose Essen
    await location.choose('2002 - Klinikum Essen');

    // Then I am on the dashboard, with the location in the top bar, the sidebar and the footer
    await page.waitForURL('**/home');
    expect(await shell.locationButton().innerText()).toContain('2002 - Klinikum Essen');
    // The case manager sees the overview of their own centres (ecrf-core.md §2 Zentrumsübersicht), the
    // queries of their locations (Query Übersicht: own-queries right, location-bound role), the documents, and the
    // oBDS import (they document, and hold no OncoBox right whose entry would open the same screen).
    expect(await shell.sidebarEntries()).toEqual([
      'Dashboard',
      'Patienten',
      'Zentrumsübersicht',
      'Query Übersicht',
      'Dokumente: News',
      'Dokumente: Dokumente',
      'Dokumente: Legende',
      'oBDS-Import',
      'Abmelden',
    ]);
    await expect.poll(() => page.getByRole('contentinfo').innerText()).toContain('Version 1.30.6');
    expect(await page.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/impressum');
    expect(await page.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/impressum#datenschutz');
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Clara Case (Case Manager)');

    // When I reload, the location is kept for the session
    await page.reload();
    await shell.locationButton().waitFor();
    expect(await location.dialog.count()).toBe(0);
    expect(await shell.locationButton().innerText()).toContain('2002 - Klinikum Essen');

    // When I sign out, I am back at the sign-in, and the dashboard is closed to me
    await shell.signOut();
    await page.waitForURL(`${inject('baseUrl')}/`);
    expect(await page.evaluate(() => Object.keys(sessionStorage).length)).toBe(0);
    await page.goto(`${inject('baseUrl')}/home`);
    await page.waitForURL(`${inject('baseUrl')}/`);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
  });

  it('lets me change the location from the top bar', async () => {
    const login = new LoginPage(page);
    const location = new LocationDialog(page);
    const shell = new AppShell(page);
    await login.open();
    await login.signIn('physician');
    await location.choose('1001 - Universitätsklinikum Köln');
    await page.waitForURL('**/home');

    // When I open the selector from the top bar and pick another location with the keyboard
    await shell.locationButton().click();
    await location.dialog.waitFor();
    await location.dialog.getByRole('radio', { name: '3003 - Thoraxklinik Heidelberg' }).focus();
    await page.keyboard.press('Space');
    await location.okButton().click();

    // Then the top bar shows it
    await expect.poll(() => shell.locationButton().innerText()).toContain('3003 - Thoraxklinik Heidelberg');
  });
});

describe('An administrator signs in', () => {
  it('is not asked for a location and sees the dashboard', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('superadmin');
    await page.waitForURL('**/home');
    expect(await new LocationDialog(page).dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Sam Super (Superadministrator)');
  });
});

describe('Signing in fails', () => {
  it('tells me when user name or password is wrong', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('casemanager', 'Falsches-Passwort1');
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Benutzername oder Passwort ist falsch.');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('sends me to the sign-in from any route while signed out', async () => {
    await page.goto(`${inject('baseUrl')}/patients`);
    await page.waitForURL(`${inject('baseUrl')}/`);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
  });
});
