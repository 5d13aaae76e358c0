import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();

describe('An idle session ends by itself (ecrf-core.md §4, §9)', () => {
  it('warns after 27 minutes, counts down 180 seconds, lets activity cancel, then signs out', async () => {
    const page = await browser.newPage();
    // The browser's clock is fast-forwarded; the real constants of the spec stay in force.
    await page.clock.install();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('superadmin');
    await page.waitForURL('**/home');
    // The dashboard has rendered before the clock jumps (a jump while a query is still suspended would
    // also expire Relay's temporary retain of it, which no real user can do).
    await page.getByRole('heading', { name: 'Willkommen, Sam Super (Superadministrator)' }).waitFor();
    const warning = page.getByRole('alert', { name: 'Automatische Abmeldung' });

    // When I do nothing for 26 minutes, nothing happens yet
    await page.clock.fastForward('26:00');
    expect(await warning.count()).toBe(0);

    // When I do nothing for 27 minutes and 5 seconds, the countdown shows 2:55
    await page.clock.fastForward('01:05');
    await warning.waitFor();
    await expect.poll(() => warning.innerText()).toContain('Abmeldung in 2:55');

    // When I move the mouse, the countdown is cancelled
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    await warning.waitFor({ state: 'detached' });

    // When I stay idle until the countdown runs out, I am signed out with the spec's message
    await page.clock.fastForward('27:05');
    await warning.waitFor();
    await page.clock.fastForward('03:00');
    await page.waitForURL(`${inject('baseUrl')}/`);
    await expect.poll(() => page.locator('body').innerText()).toContain('Sie wurden automatisch abgemeldet.');
    expect(await page.evaluate(() => sessionStorage.getItem('token') ?? Object.keys(sessionStorage).join())).toBe('');
  });
});
