import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AccountDialog } from './pages/account-dialog.js';
import { AppShell } from './pages/app-shell.js';
import { demoPassword, LoginPage } from './pages/login-page.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage();
});

describe('A researcher changes their password in the account popup', () => {
  it('shows every rule of the spec and changes the password', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('researcher');
    await page.waitForURL('**/home');

    // When I open my account
    await new AppShell(page).openAccount('Rita Forscher (Wissenschaftler)');
    const account = new AccountDialog(page);
    await account.dialog.waitFor();
    const text = () => account.dialog.innerText();
    expect(await text()).toContain('Rita Forscher (Wissenschaftler)');
    expect(await text()).toContain('researcher');
    expect(await text()).toContain('Das neue Passwort muss mindestens 6 Zeichen lang sein');
    expect(await account.submit().isDisabled()).toBe(true);

    // When I type a weak new password, I see each broken rule
    await account.fill(demoPassword, 'abc', 'abc');
    await expect.poll(text).toContain('Mindestens 6 Zeichen');
    expect(await text()).toContain('Mindestens 1 Großbuchstaben');
    expect(await text()).toContain('Mindestens eine Zahl');
    expect(await account.submit().isDisabled()).toBe(true);

    // When old and new are the same
    await account.fill(demoPassword, demoPassword, demoPassword);
    await expect.poll(text).toContain('Das alte und neue Passwort muss unterschiedlich sein');
    expect(await account.submit().isDisabled()).toBe(true);

    // When the repeat differs
    await account.fill(demoPassword, 'Neues-Passwort2', 'Neues-Passwort3');
    await expect.poll(text).toContain('Neue Passwörter müssen gleich sein');
    expect(await account.submit().isDisabled()).toBe(true);

    // When I show the new password in clear, the repeat field disappears and the form is valid
    await account.showInClear().check();
    expect(await account.field('Neues Passwort wiederholen').count()).toBe(0);
    expect(await account.field('Neues Passwort').getAttribute('type')).toBe('text');
    expect(await account.submit().isDisabled()).toBe(false);

    // When I clear the old password, it is required again
    await account.field('Altes Passwort').fill('');
    await expect.poll(text).toContain('Wird Benötigt.');
    expect(await account.submit().isDisabled()).toBe(true);

    // When I enter a wrong old password, the change fails with the spec's texts
    await account.field('Altes Passwort').fill('Falsch-Passwort1');
    await account.submit().click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Passwortänderung fehlgeschlagen');
    expect(await page.locator('body').innerText()).toContain('Bitte überprüfen Sie Ihr eingegebens Passwort.');

    // When I enter the right one, the change succeeds
    await account.field('Altes Passwort').fill(demoPassword);
    await account.submit().click();
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('Passwortänderung erfolgreich'));
    expect((await page.getByRole('status').allInnerTexts()).join(' ')).not.toContain('Synchronisierung');

    // Then I can sign in with the new password
    await page.keyboard.press('Escape');
    await new AppShell(page).signOut();
    await login.open();
    await login.signIn('researcher', 'Neues-Passwort2');
    await page.waitForURL('**/home');
  });
});
