import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { AuditPage } from './pages/audit-page.js';
import { InstitutesPage } from './pages/institutes-page.js';
import { LocationDialog } from './pages/location-dialog.js';
import { NewsRedirectDialog } from './pages/news-documents-page.js';
import { LoginPage } from './pages/login-page.js';
import { UsersAdminPage } from './pages/users-admin-page.js';

const browser = useBrowser();
let page: Page;

beforeEach(async () => {
  page = await browser.newPage();
});

describe('The network administrator manages a new documentalist', () => {
  it('creates them, assigns them to Essen, they sign in, are deactivated and can no longer sign in; the audit shows each change', async () => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    const users = new UsersAdminPage(page);
    const institutes = new InstitutesPage(page);
    const audit = new AuditPage(page);
    const userName = `doku_${Date.now().toString(36)}`;
    const password = 'Start-Passwort1';

    // When I sign in as the network administrator and open Administration: Nutzer
    await login.open();
    await login.signIn('adminnngm');
    await page.waitForURL('**/home');
    await shell.sidebar.getByRole('link', { name: 'Administration: Nutzer' }).click();
    await page.getByRole('heading', { name: 'Administration: Nutzer' }).waitFor();

    // Then the form shows the rules of the spec before anything is sent
    await page.getByRole('button', { name: 'Nutzer anlegen' }).click();
    await users.dialog().getByLabel('Benutzername').fill('mit leerzeichen');
    await users.dialog().getByLabel('Anzeigename').click();
    await expect.poll(() => users.dialog().innerText()).toContain("Benutzername darf nur Zeichen wie 'A-Z', '0-9', '_' oder '-' enthalten");
    await users.dialog().getByRole('button', { name: 'Abbrechen' }).click();

    // When I create a documentalist
    await users.create({ userName, displayName: 'Dana Doku', role: 'Dokumentar', password, firstName: 'Dana', lastName: 'Doku' });
    await users.dialog().waitFor({ state: 'detached' });
    await users.search(userName);
    await users.row(userName).waitFor();
    expect(await users.row(userName).innerText()).toContain('Aktiv');

    // And assign them to Klinikum Essen
    await institutes.open();
    await institutes.assign('2002 - Klinikum Essen', `Dana Doku (${userName})`);
    await expect.poll(() => institutes.institute('2002 - Klinikum Essen').innerText()).toContain(`Dana Doku (${userName})`);
    await shell.signOut();

    // Then the documentalist signs in and documents for Essen only
    await login.open();
    await login.signIn(userName, password);
    const location = new LocationDialog(page);
    await location.dialog.waitFor();
    expect(await location.offeredLocations()).toEqual(['2002 - Klinikum Essen']);
    await location.choose('2002 - Klinikum Essen');
    // New to the registry, they have not read the news: they are forwarded there first (ecrf-core.md §2, §6)
    await new NewsRedirectDialog(page).confirm();
    await page.waitForURL('**/newsDocuments');
    await shell.signOut();

    // When the administrator deactivates them
    await login.open();
    await login.signIn('adminnngm');
    await page.waitForURL('**/home');
    await users.open();
    await users.search(userName);
    await users.row(userName).waitFor();
    await users.act('Deaktivieren', userName);
    await users.confirm('Deaktivieren');
    await expect.poll(() => users.row(userName).innerText()).toContain('Deaktiviert');
    await shell.signOut();

    // Then they can no longer sign in
    await login.open();
    await login.signIn(userName, password);
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Ihr Konto ist deaktiviert.');
    expect(page.url()).toBe(`${inject('baseUrl')}/`);

    // And the audit shows the creation and the deactivation, old → new
    await login.signIn('adminnngm');
    await page.waitForURL('**/home');
    await users.open();
    await users.search(userName);
    await users.row(userName).waitFor();
    await users.act('Verlauf', userName);
    await page.waitForURL('**/admin/audittrail?record=*');
    const history = audit.historyRows();
    await history.first().waitFor();
    const created = history.filter({ hasText: 'Angelegt' }).first();
    expect(await audit.changesOf(created)).toEqual(
      expect.arrayContaining([
        ['userName', '—', userName],
        ['role', '—', 'Documentalist'],
      ]),
    );
    const deactivated = history
      .filter({ hasText: 'Geändert' })
      .filter({ has: page.getByRole('cell', { name: 'isDeactivated', exact: true }) });
    expect(await audit.changesOf(deactivated)).toEqual([['isDeactivated', 'nein', 'ja']]);

    // And today's events show the assignment to Essen, old → new
    await shell.sidebar.getByRole('link', { name: 'AuditEvents' }).click();
    await page.getByRole('heading', { name: 'AuditEvents' }).waitFor();
    const assignment = page
      .getByRole('table', { name: 'AuditEvents' })
      .locator(':scope > tbody > tr')
      .filter({ hasText: 'Standort' })
      .filter({ hasText: 'userIds' })
      .first();
    await assignment.waitFor();
    const [field, before, after] = (await audit.changesOf(assignment))[0] ?? [];
    expect(field).toBe('userIds');
    // The audit keeps the values as stored: the location's user ids, with exactly the new user added.
    const ids = (value: string | undefined): string[] => JSON.parse(value ?? '[]') as string[];
    expect(ids(after).filter((id) => !ids(before).includes(id))).toHaveLength(1);
    expect(ids(after)).toEqual(expect.arrayContaining(ids(before)));
  });
});
