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
import { DEMO_ROLES, signInAs } from './pages/sign-in.js';

const browser = useBrowser();
let page: Page;

beforeEach(async () => {
  page = await browser.newPage();
});

const KOELN = '1001 - Universitätsklinikum Köln';

type GraphQLAnswer = { errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[] };

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

  it('every demo role opens each of its sidebar entries without a refusal (issue 18, defect 3)', async () => {
    const refusals: string[] = [];
    for (const role of DEMO_ROLES) {
      const rolePage = await browser.newPage();
      rolePage.on('response', (response) => {
        if (new URL(response.url()).pathname !== '/graphql') return;
        void response
          .json()
          .then((body: GraphQLAnswer) => {
            for (const error of body.errors ?? [])
              if (error.extensions?.code === 'FORBIDDEN') refusals.push(`${role} ${new URL(rolePage.url()).pathname}: ${error.message}`);
          })
          .catch(() => undefined);
      });
      // Given a user of the role, signed in
      await signInAs(rolePage, role.toLowerCase());
      const shell = new AppShell(rolePage);
      const links = await shell.sidebar
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
      // When they open every entry of their sidebar
      for (const href of links) {
        await rolePage.goto(`${inject('baseUrl')}${href}`);
        await rolePage.waitForLoadState('networkidle');
        // Then no screen is refused
        const main = await rolePage.getByRole('main').innerText();
        if (/Berechtigung|fehlt Ihnen das Recht/.test(main)) refusals.push(`${role} ${href}: ${main.slice(0, 120)}`);
      }
      await rolePage.context().close();
    }
    expect(refusals).toEqual([]);
    // Seventeen sign-ins and some sixty screens.
  }, 300_000);

  it('the data manager is not offered Administration: Zentren, whose screen needs rights the role lacks', async () => {
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

    // Then the refusal is the catalogue's German text, said once, with no load failure beside it
    const refusal = page.getByText('Ihnen fehlt die Berechtigung für diese Daten oder diese Aktion.');
    await refusal.first().waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/missing right/i);
    expect(text).not.toContain('Die Daten konnten nicht geladen werden.');
    expect(await page.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(0);
    expect(await refusal.count()).toBe(1);
  });
});
