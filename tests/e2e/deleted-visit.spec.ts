/**
 * Issue 18, defect 2: a deleted visit is not visible (ecrf-calls.md §4), so its address answers as not
 * found instead of opening it as a live visit with edit, sign and create actions.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();
let page: Page;

beforeEach(async () => {
  page = await browser.newPage();
});

describe('A deleted visit', () => {
  it('answers its address as not found, without any visit action', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('datamanager');
    await new LocationDialog(page).choose('3003 - Thoraxklinik Heidelberg');
    await page.waitForURL('**/home');
    const patients = new PatientPages(page);

    // Given a follow-up visit of a demo patient
    await patients.openPatient('DEMO-3003-2');
    await patients.newVisit('Follow-up');
    await page.getByRole('heading', { name: 'Neue Visite: Follow-up' }).waitFor();
    await patients.fillDate('Datum der Follow-up-Visite', { day: '20', month: '11', year: '2026' });
    await patients.save();
    await page.getByRole('heading', { name: 'Follow-up', exact: true }).waitFor();
    const address = page.url();

    // When I delete it with a reason
    await page.getByRole('link', { name: 'Visite löschen' }).click();
    await page.getByLabel(/Grund der Änderung/).fill('Versehentlich angelegt');
    await page.getByRole('button', { name: 'Endgültig löschen' }).click();
    await page.getByRole('heading', { name: 'Patient DEMO-3003-2' }).waitFor();

    // Then its address no longer opens it
    await page.goto(address);
    await page.getByText('Diese Visite existiert nicht oder ist für Sie nicht sichtbar.').waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Visite bearbeiten' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Visite signieren' }).count()).toBe(0);
    expect(await main.getByRole('link', { name: /^Anlegen/ }).count()).toBe(0);
  });
});
