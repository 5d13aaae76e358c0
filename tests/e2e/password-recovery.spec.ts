import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { latestMailTo } from '../support/mailbox.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage();
});

describe('A documentalist who forgot the password', () => {
  const address = 'documentalist@demo.register.local';

  it('gets a link by mail, sets a new password once and signs in with it', async () => {
    // When I ask for a recovery link from the sign-in page
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL('**/passwordrecovery');
    await page.getByLabel('E-Mail-Adresse').fill(address);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Falls die E-Mail-Adresse zu einem Konto gehört');

    // Then a mail with a link to /passwordreset/{userId}?challenge=… arrives over SMTP
    const mail = await latestMailTo(address);
    const link = /https?:\/\/\S+\/passwordreset\/[^\s?]+\?challenge=[^\s>]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    expect(new URL(link ?? '').origin).toBe(new URL(inject('baseUrl')).origin);

    // When I open it and set a new password
    await page.goto(link ?? '');
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Erholt-Passwort3');
    await page.getByLabel('Neues Passwort wiederholen', { exact: true }).fill('Erholt-Passwort3');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Ihr Passwort wurde geändert.');

    // Then the link cannot be used a second time
    await page.goto(link ?? '');
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Nochmal-Passwort4');
    await page.getByLabel('Neues Passwort wiederholen', { exact: true }).fill('Nochmal-Passwort4');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Der Link ist ungültig oder abgelaufen.');

    // And I sign in with the new password
    await login.open();
    await login.signIn('documentalist', 'Erholt-Passwort3');
    await page.getByRole('dialog', { name: 'Standortauswahl' }).waitFor();
  });
});

describe('The public pages', () => {
  it('show the legal notice with its privacy section', async () => {
    await page.goto(`${inject('baseUrl')}/impressum#datenschutz`);
    await page.getByRole('heading', { name: 'Impressum' }).waitFor();
    expect(await page.locator('#datenschutz').count()).toBe(1);
  });
});
