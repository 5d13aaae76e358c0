/**
 * Issue 25: the registry refuses what cannot be true. A date that does not exist in the calendar is refused at its
 * field (the form does not save it, the server would refuse it too), and a visit that is not complete offers no
 * signature.
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

describe('A physician documents a follow-up', () => {
  it('cannot save 31.02.2026 or 29.02.2027, and cannot sign the visit while it is incomplete', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(page).choose('3003 - Thoraxklinik Heidelberg');
    await page.waitForURL('**/home');
    const patients = new PatientPages(page);

    // Given a new follow-up visit of a demo patient
    await patients.openPatient('DEMO-3003-2');
    await patients.newVisit('Follow-up');
    await page.getByRole('heading', { name: 'Neue Visite: Follow-up' }).waitFor();

    // When I enter the 31st of February and save
    await patients.fillDate('Datum der Follow-up-Visite', { day: '31', month: '02', year: '2026' });
    await patients.save();

    // Then the form stays, says why at the field, and puts me there
    const dateGroup = patients.group('Datum der Follow-up-Visite');
    await page.getByText('Datum der Follow-up-Visite: Das Datum 31.02.2026 gibt es nicht.').waitFor();
    await expect.poll(() => dateGroup.evaluate((group) => group.contains(document.activeElement))).toBe(true);
    expect(await page.getByRole('heading', { name: 'Neue Visite: Follow-up' }).count()).toBe(1);

    // When I correct it, the visit is saved
    await patients.fillDate('Datum der Follow-up-Visite', { day: '20', month: '11', year: '2026' });
    await patients.save();
    await page.getByRole('heading', { name: 'Follow-up', exact: true }).waitFor();
    const visitAddress = page.url();

    // Then the incomplete visit offers no signature, and says why
    const sign = page.getByRole('button', { name: 'Visite signieren' });
    expect(await sign.isDisabled()).toBe(true);
    await page.getByText('Signieren ist erst möglich, wenn die Visite vollständig dokumentiert ist').waitFor();

    // When I document its performance status with the 29th of February of a common year
    await patients.instrumentCard('Allgemeinzustand (ECOG)').getByRole('link', { name: 'Anlegen: Allgemeinzustand (ECOG)' }).click();
    await page.getByRole('heading', { name: 'Neues Instrument: Allgemeinzustand (ECOG)' }).waitFor();
    await patients.choose('ECOG-Performance-Status', '1 Eingeschränkte körperliche Aktivität');
    await patients.fillDate('Datum der Erhebung', { day: '29', month: '02', year: '2027' });
    await patients.save();

    // Then it is refused at the field, and nothing was created
    await page.getByText('Datum der Erhebung: Das Datum 29.02.2027 gibt es nicht.').waitFor();
    expect(await page.getByRole('heading', { name: 'Neues Instrument: Allgemeinzustand (ECOG)' }).count()).toBe(1);
    await page.goto(visitAddress);
    await page.getByRole('heading', { name: 'Follow-up', exact: true }).waitFor();
    expect(await patients.instrumentCard('Allgemeinzustand (ECOG)').innerText()).toContain('Noch nicht angelegt');
  });
});
