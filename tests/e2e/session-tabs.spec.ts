/**
 * Issue 26 item 1: a tab opened from the app shares the session of the tab it came from. With a one-minute access
 * token both tabs stay signed in across five renewals, each refresh token is presented once (a second
 * presentation would revoke the session), no request is refused on the way, and signing out in one tab ends the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { demoPassword } from './pages/login-page.js';
import { AppShell } from './pages/app-shell.js';
import { startTestSystem, type TestSystem } from '../support/test-system.js';

const browser = useBrowser();
let system: TestSystem | undefined;

beforeAll(async () => {
  system = await startTestSystem('e2e_tabs', { env: { ACCESS_TOKEN_TTL_MINUTES: '1' } });
}, 240_000);
afterAll(async () => {
  await system?.stop();
});

const WELCOME = 'Willkommen, Rita Forscher (Wissenschaftler)';

/** The tab opens a screen through the sidebar and shows it: it is still signed in. */
async function stillSignedIn(page: Page, round: number): Promise<void> {
  const shell = new AppShell(page);
  if (round % 2 === 0) {
    await shell.sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: WELCOME }).waitFor();
  } else {
    await shell.sidebar.getByRole('link', { name: 'Dokumente: Dokumente' }).click();
    await page.getByRole('table', { name: 'Dokumente' }).waitFor();
  }
  expect(new URL(page.url()).pathname).not.toBe('/');
}

describe('One session per browser (issue 26 item 1)', () => {
  it('keeps two tabs signed in across five renewals; signing out in one signs out both', { timeout: 480_000 }, async () => {
    const baseUrl = system?.url ?? '';
    const first = await browser.newPage();
    const context = first.context();
    const presented: { tab: Page; refreshToken: string }[] = [];
    const refusals: string[] = [];
    context.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/graphql')) return;
      const body = request.postDataJSON() as { operationName?: string; variables?: { input?: { refreshToken?: string } } };
      if (body.operationName === 'RefreshSessionMutation') {
        presented.push({ tab: request.frame().page(), refreshToken: body.variables?.input?.refreshToken ?? '' });
      }
    });
    context.on('console', (message) => {
      if (message.type() === 'error') refusals.push(message.text());
    });

    await first.goto(`${baseUrl}/`);
    await first.getByRole('textbox', { name: 'Benutzername' }).fill('researcher');
    await first.getByLabel('Passwort', { exact: true }).fill(demoPassword);
    await first.getByRole('button', { name: 'Anmelden' }).click();
    await first.getByRole('heading', { name: WELCOME }).waitFor();

    // A tab opened from the app: it starts with a copy of the first tab's session storage.
    const [second] = await Promise.all([context.waitForEvent('page'), first.evaluate(() => void window.open('/home', '_blank'))]);
    await second.getByRole('heading', { name: WELCOME }).waitFor();

    // Both tabs keep working while the renewals happen: each opens a screen now and then (a tab that lost the
    // session shows the sign-in page and fails here).
    let round = 0;
    const bothWork = async () => {
      round += 1;
      await stillSignedIn(first, round);
      await stillSignedIn(second, round);
      return presented.length;
    };
    for (let renewal = 1; renewal <= 5; renewal += 1) {
      await expect.poll(bothWork, { timeout: 120_000, interval: 5_000 }).toBeGreaterThanOrEqual(renewal);
    }

    const tokens = presented.map((entry) => entry.refreshToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Exactly one tab renews: the one holding the session's lock (the first, which has been open longest).
    expect(new Set(presented.map((entry) => entry.tab)).size).toBe(1);
    // Renewed before the token expired: no request was refused (Chromium logs a refused request as an error).
    expect(refusals.filter((text) => text.includes('401'))).toEqual([]);
    for (const tab of [first, second]) {
      expect(await tab.locator('body').innerText()).not.toContain('Ihr Login ist abgelaufen');
    }

    await new AppShell(second).signOut();
    await first.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect(new URL(first.url()).pathname).toBe('/');
    expect(await first.evaluate(() => sessionStorage.getItem('ecrf.token'))).toBeNull();
    expect(await first.locator('body').innerText()).not.toContain('Ihr Login ist abgelaufen');
  });
});
