/**
 * A reviewer reads an instrument's audit trail (issue 25 item 5): a physician documents a tumour board and corrects
 * its recommendation with a reason; the data manager sees that change field by field and the instrument before it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { FormHistoryPage } from './pages/form-history-page.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();
let physician: Page;
let reviewer: Page;

const KOELN = '1001 - Universitätsklinikum Köln';
// A demo patient whose standalone instruments no other browser test documents.
const PATIENT = 'DEMO-1001-1';

async function signInAt(page: Page, userName: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  await new LocationDialog(page).choose(KOELN);
  await page.waitForURL('**/home');
}

beforeAll(async () => {
  physician = await browser.newPage();
  reviewer = await browser.newPage();
  await signInAt(physician, 'physician');
  await signInAt(reviewer, 'datamanager');
});

describe('The data manager reviews a corrected tumour board', () => {
  it('sees the change field by field and the instrument as it was before it', async () => {
    const patients = new PatientPages(physician);

    // Given a tumour board with a recommendation, documented by the physician
    await patients.openPatient(PATIENT);
    await physician.getByRole('button', { name: 'Instrument anlegen' }).click();
    await physician.getByRole('menuitem', { name: 'Tumorkonferenz' }).click();
    await patients.fillDate('Datum der Tumorkonferenz', { day: '12', month: '03', year: '2025' });
    await patients.field('Empfehlung').fill('Operation');
    await patients.save();
    await physician.getByRole('heading', { name: `Patient ${PATIENT}` }).waitFor();

    // And the physician corrects the recommendation with a reason (the form is complete)
    await physician.getByRole('link', { name: 'Tumorkonferenz', exact: true }).click();
    await physician.getByRole('heading', { name: 'Tumorkonferenz' }).waitFor();
    // The physician holds no right to read audit trails: no history is offered.
    expect(await physician.getByRole('link', { name: 'Änderungshistorie' }).count()).toBe(0);
    await patients.field('Empfehlung').fill('Strahlentherapie');
    await physician.getByLabel(/Grund der Änderung/).fill('Konferenzprotokoll korrigiert');
    await patients.save();
    await physician.getByRole('heading', { name: `Patient ${PATIENT}` }).waitFor();

    // When the data manager opens the instrument's history
    await new PatientPages(reviewer).openPatient(PATIENT);
    await reviewer.getByRole('link', { name: 'Tumorkonferenz', exact: true }).click();
    const history = new FormHistoryPage(reviewer);
    await history.open();

    // Then the correction stands as its own row: field, old and new value, reason, user, role, location and time
    const change = history.change('Empfehlung').first();
    const cells = await history.cells(change);
    expect(cells).toMatchObject({
      'Alter Wert': 'Operation',
      'Neuer Wert': 'Strahlentherapie',
      Grund: 'Konferenzprotokoll korrigiert',
      Benutzer: 'physician',
      Rolle: 'Arzt',
      Standort: 'Universitätsklinikum Köln',
    });
    expect(cells.Zeitpunkt).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\nStand vor der Änderung$/);
    // And the tumour board's creation is listed with the values first entered
    expect(await history.table.innerText()).toContain('Formular angelegt');

    // When I open the state before the correction
    await change.getByRole('button', { name: /^Stand vor der Änderung von Empfehlung/ }).click();

    // Then the instrument shows read-only as it was then, with the old recommendation, marked as a past state
    const past = history.pastState;
    await past.waitFor();
    expect(await past.innerText()).toContain('Frühere Fassung aus dem Audit Trail, nur lesbar.');
    expect(await past.innerText()).toContain('Operation');
    expect(await past.innerText()).not.toContain('Strahlentherapie');
    expect(await past.getByRole('textbox').count()).toBe(0);
    expect(await history.accessibilityViolations()).toEqual([]);

    // And a day before the tumour board was documented (its end, without a time) shows that it did not exist then
    await history.chooseMoment('01', '01', '2020');
    await expect.poll(() => reviewer.getByRole('main').innerText()).toContain('Am 01.01.2020 23:59:59 bestand dieses Formular noch nicht.');

    // And "Zum aktuellen Formular" leads back to the current, editable form
    await reviewer.getByRole('link', { name: 'Zum aktuellen Formular' }).click();
    await expect.poll(() => new PatientPages(reviewer).field('Empfehlung').inputValue()).toBe('Strahlentherapie');
  });
});
