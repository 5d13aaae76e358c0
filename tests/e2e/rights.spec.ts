/**
 * Issue 18, defects 3 and 4: a role is offered only what it may open, refusals read in German, and the
 * super right reaches every location.
 */
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientsPage } from './pages/patients-page.js';

const browser = useBrowser();
let page: Page;

beforeEach(async () => {
  page = await browser.newPage();
});

const KOELN = '1001 - Universitätsklinikum Köln';

describe('Rights in the web', () => {
  it('the super administrator sees the patients of the locations without being assigned to one', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('superadmin');
    await page.waitForURL('**/home');

    const patients = new PatientsPage(page);
    await patients.open();
    await patients.table().waitFor();
    expect(await page.getByRole('main').innerText()).not.toContain('Ihnen ist kein Studienstandort zugeordnet.');
    expect(
      await patients
        .table()
        .getByRole('link', { name: /^Patient .+ öffnen$/ })
        .count(),
    ).toBeGreaterThan(0);
  });

  it('the data manager is not offered Administration: Zentren, whose screen needs the user list', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('datamanager');
    await new LocationDialog(page).choose(KOELN);
    await page.waitForURL('**/home');
    expect(await new AppShell(page).sidebarEntries()).not.toContain('Administration: Zentren');
  });

  it('billing (AccountingDigiNet) sees its patients as text, not as links to a screen it may not open', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('accountingdiginet');
    await new LocationDialog(page).choose(KOELN);
    await page.waitForURL('**/home');

    const patients = new PatientsPage(page);
    await patients.open();
    await expect.poll(() => patients.table().innerText()).toContain('DEMO-1001-1');
    expect(await patients.table().getByRole('link').count()).toBe(0);
  });

  it('a refused screen reads in German, never with the backend text', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('datamanager');
    await new LocationDialog(page).choose(KOELN);
    await page.waitForURL('**/home');

    // When I open the address of a screen my role may not load
    await page.goto(`${inject('baseUrl')}/institutes`);

    // Then the refusal is the catalogue's German text
    await page.getByText('Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.').first().waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/missing right/i);
  });
});
