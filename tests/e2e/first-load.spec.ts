/**
 * The first load of the web app (issue 14): the sign-in screen comes compressed, within 500 KB, and without
 * the form renderer, which the screens that show forms load with their route. Chunks holding the form
 * renderer are named forms-… by the build (web/vite.config.ts).
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();

const FIRST_LOAD_LIMIT = 500 * 1024;
const isFormRenderer = (url: string) => /\/assets\/forms-[^/]+\.js$/.test(new URL(url).pathname);

/** What the page fetches from now on: each request's address, its encoding and the bytes it transferred. */
function recordTraffic(page: Page) {
  const finished: Promise<{ url: string; encoding: string | undefined; bytes: number }>[] = [];
  page.on('requestfinished', (request: Request) => {
    finished.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = await response?.headerValue('content-encoding');
        return { url: request.url(), encoding: encoding ?? undefined, bytes: sizes.responseHeadersSize + sizes.responseBodySize };
      })(),
    );
  });
  return { loaded: () => Promise.all(finished) };
}

describe('The first load of the registry', () => {
  it('brings the sign-in screen compressed, within 500 KB and without the form renderer, which a form screen then loads', async () => {
    const page = await browser.newPage();
    const traffic = recordTraffic(page);

    // When I open the registry in a fresh browser
    await page.goto(`${inject('baseUrl')}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();

    // Then every script and style sheet came compressed (but the few below the build's 1 KB threshold), all of it
    // within 500 KB, and no form renderer among it
    const first = await traffic.loaded();
    const assets = first.filter(({ url }) => /\.(js|css)$/.test(new URL(url).pathname));
    expect(assets.filter(({ encoding }) => encoding === 'br' || encoding === 'gzip').length).toBeGreaterThan(5);
    expect(assets.filter(({ encoding, bytes }) => encoding === undefined && bytes > 2048)).toEqual([]);
    expect(first.reduce((sum, { bytes }) => sum + bytes, 0)).toBeLessThanOrEqual(FIRST_LOAD_LIMIT);
    expect(first.filter(({ url }) => isFormRenderer(url))).toEqual([]);
    // Nor any other screen's chunk: screens come with their routes.
    expect(first.filter(({ url }) => /Screen-[^/]+\.js$/.test(new URL(url).pathname))).toEqual([]);

    // When I sign in and open a patient's master data, a form
    await new LoginPage(page).signIn('datamanager');
    await new LocationDialog(page).choose('3003 - Thoraxklinik Heidelberg');
    await page.waitForURL('**/home');
    await new PatientPages(page).openPatient('DEMO-3003-1');
    const patientId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.goto(`${inject('baseUrl')}/patient/edit/${patientId}`);
    await page.getByRole('heading', { level: 1, name: 'Stammdaten von DEMO-3003-1' }).waitFor();

    // Then the form renderer has come with that screen
    expect((await traffic.loaded()).some(({ url }) => isFormRenderer(url))).toBe(true);
  });
});
