import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();
let page: Page;

// The gateway runs with its documented defaults (OPERATOR_NAME, OPERATOR_ADDRESS, SUPPORT_PHONE, SUPPORT_EMAIL unset).
const OPERATOR = ['Netzwerkgeschäftsstelle des klinischen Registers', 'Kerpener Straße 62', '50937 Köln'];

describe('The remaining routes: support, legal notice and calendar (issue 13, part 7)', () => {
  beforeAll(async () => {
    page = await browser.newPage();
  });

  it('shows the operator on /impressum before sign-in', async () => {
    await page.goto(`${inject('baseUrl')}/impressum`);
    await page.getByRole('heading', { name: 'Angaben zum Anbieter' }).waitFor();
    const provider = page.locator('address');
    await provider.waitFor();
    for (const line of OPERATOR) expect(await provider.innerText()).toContain(line);
    expect(await page.getByRole('link', { name: 'geschaeftsstelle@register.local' }).getAttribute('href')).toBe(
      'mailto:geschaeftsstelle@register.local',
    );
  });

  it('leads a signed-in user from the footer to /support with phone, mail and version', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(page).choose('3003 - Thoraxklinik Heidelberg');
    await page.waitForURL('**/home');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
    await page.waitForURL('**/support');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    const main = await page.getByRole('main').innerText();
    for (const line of OPERATOR) expect(main).toContain(line);
    expect(main).toContain('Telefon: 0221 478-88100');
    expect(main).toContain('Bitte nennen Sie bei Rückfragen die Version des eCRF: 1.30.6.');
    expect(await page.getByRole('link', { name: '0221 478-88100' }).getAttribute('href')).toBe('tel:022147888100');
    // The component versions are for platform administrators only.
    expect(main).not.toContain('Komponenten');
  });

  it('shows a platform administrator the running components on /support', async () => {
    const admin = await browser.newPage();
    const login = new LoginPage(admin);
    await login.open();
    await login.signIn('superadmin');
    await admin.waitForURL('**/home');
    await admin.goto(`${inject('baseUrl')}/support`);
    await admin.getByRole('heading', { name: 'Komponenten' }).waitFor();
    const terms = await admin.getByRole('term').allInnerTexts();
    expect(terms).toEqual(['@ecrf/backend', 'node', 'postgresql', 'database-schema']);
    expect(await admin.getByRole('main').innerText()).toMatch(/database-schema\s+\d+.*\.sql/);
  });

  it('shows the case manager the pending follow-ups of both locations on /calendar, which has no sidebar entry', async () => {
    const other = await browser.newPage();
    const login = new LoginPage(other);
    await login.open();
    await login.signIn('casemanager');
    await new LocationDialog(other).choose('2002 - Klinikum Essen');
    await other.waitForURL('**/home');
    expect(await new AppShell(other).sidebarEntries()).not.toContain('Calendar');
    await other.goto(`${inject('baseUrl')}/calendar`);
    const table = other.getByRole('table', { name: 'Kalender' });
    await table.waitFor();
    const rows = await table.getByRole('row').allInnerTexts();
    // Seeded baselines (patient-seed.ts): 2025-02-03 at every location, so due on 03.02.2027.
    for (const location of ['1001', '2002']) {
      expect(rows.some((row) => row.includes(`DEMO-${location}-2`) && row.includes('03.02.2027') && row.includes('Anstehend'))).toBe(true);
    }
    expect(rows.some((row) => row.includes('3003'))).toBe(false);
    await table.getByRole('link', { name: 'DEMO-2002-2' }).click();
    await other.getByRole('heading', { name: 'Patient DEMO-2002-2' }).waitFor();
  });
});
