/**
 * Issue 26 items 4, 5 and 6 as staff meet them: an alert belongs to its screen and reads German; Back after saving a
 * new instrument does not offer the empty form again; the message after saving names what was saved and leaves the
 * form's action bar free; the query overview keeps its columns apart at 800 px; registration asks Tag, Monat, Jahr.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { documentationScreens, shows, signIn, type Screen } from './pages/all-routes.js';
import { GraphQLTraffic } from './pages/graphql-traffic.js';

const browser = useBrowser();
const LONG_TITLE = 'Plausibilität des Diagnosedatums im Verhältnis zum Registrierungsdatum prüfen';

async function openForm(page: Page, screens: Screen[]): Promise<Screen> {
  const form = screens.find((screen) => screen.heading === 'Neues Instrument: Tumorkonferenz');
  if (!form) throw new Error('no tumour board');
  await page.goto(`${inject('baseUrl')}${form.path}`);
  await shows(page, form);
  return form;
}

async function fillTumourBoard(page: Page): Promise<void> {
  const date = page.getByRole('group', { name: /^Datum der Tumorkonferenz/ });
  await date.getByRole('textbox', { name: 'Tag' }).fill('12');
  await date.getByRole('textbox', { name: 'Monat' }).fill('03');
  await date.getByRole('textbox', { name: 'Jahr' }).fill('2025');
  await page.getByRole('textbox', { name: 'Empfehlung' }).fill('Operation');
}

describe('A working day in the web (issue 26 items 4 to 6)', () => {
  it('an alert reads German, shows once, stays with its screen and never reaches the sign-in page', async () => {
    const page = await browser.newPage();
    await signIn(page, 'datamanager', '3003 - Thoraxklinik Heidelberg');
    const screens = await documentationScreens(new GraphQLTraffic(page));
    await openForm(page, screens);
    // The server refuses the save with the request validation's technical text
    await page.route('**/graphql', (route) =>
      (route.request().postDataJSON() as { operationName?: string }).operationName === 'CreateInstrumentMutation'
        ? route.fulfill({
            json: {
              data: null,
              errors: [{ message: 'body/reasonForChange must NOT have more than 2000 characters', extensions: { code: 'BAD_USER_INPUT' } }],
            },
          })
        : route.continue(),
    );
    await fillTumourBoard(page);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    const german = page.getByText('Grund der Änderung: höchstens 2000 Zeichen');
    await german.first().waitFor();
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/must NOT|No data returned|body\//);
    expect(await german.count()).toBe(1);
    // The alert stays in view at the top while the form's end is shown
    expect(await german.first().isVisible()).toBe(true);

    await new AppShell(page).sidebar.getByRole('link', { name: 'Patienten' }).click();
    // The unsaved input is guarded: I leave the form anyway
    await page.getByRole('button', { name: 'Verlassen', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Patienten' }).waitFor();
    expect(await german.count()).toBe(0);
    await new AppShell(page).signOut();
    expect(await page.getByText('Fehler', { exact: true }).count()).toBe(0);
  });

  it('after saving a new instrument Back leads to where I came from, and the message names what was saved', async () => {
    const page = await browser.newPage();
    await signIn(page, 'datamanager', '3003 - Thoraxklinik Heidelberg');
    const screens = await documentationScreens(new GraphQLTraffic(page));
    const patient = screens.find((screen) => screen.operation === 'PatientScreenQuery');
    if (!patient) throw new Error('no patient');
    await page.goto(`${inject('baseUrl')}${patient.path}`);
    await shows(page, patient);
    await page.evaluate(
      (path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      },
      screens.find((screen) => screen.heading === 'Neues Instrument: Tumorkonferenz')?.path ?? '',
    );
    await page.getByRole('heading', { level: 1, name: 'Neues Instrument: Tumorkonferenz' }).waitFor();
    await fillTumourBoard(page);
    const actions = page.getByRole('button', { name: 'Speichern', exact: true });
    const actionBar = await actions.boundingBox();
    await actions.click();
    const snackbar = page.getByRole('status').getByText('Gespeichert: Tumorkonferenz');
    await snackbar.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Patient DEMO-3003-1' }).waitFor();
    // Clear of where the action bar was
    const message = await snackbar.boundingBox();
    expect(message && actionBar && message.y + message.height < actionBar.y).toBe(true);

    // Back: the patient as I left it for the form, not the empty form of an instrument that exists now
    await page.goBack();
    await page.waitForURL((url) => url.pathname === patient.path);
    await page.getByRole('heading', { level: 1, name: 'Patient DEMO-3003-1' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Neues Instrument: Tumorkonferenz' }).count()).toBe(0);
  });

  it('at 800 px the query overview keeps title and patient apart; registration asks Tag, Monat, Jahr', async () => {
    const page = await browser.newPage();
    await signIn(page, 'datamanager', '3003 - Thoraxklinik Heidelberg');
    const traffic = new GraphQLTraffic(page);
    const screens = await documentationScreens(traffic);
    const patientId = decodeURIComponent(screens.find((screen) => screen.operation === 'PatientScreenQuery')?.path.split('/')[2] ?? '');
    await traffic.graph('mutation ($input: CreateDataQueryInput!) { createDataQuery(input: $input) { errors { message } } }', {
      input: { subjectId: patientId, queryTypeIdentifier: 'plausibility', title: LONG_TITLE, text: 'Bitte prüfen.' },
    });
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${inject('baseUrl')}/query-overview`);
      const title = page.getByRole('button', { name: `Query öffnen: ${LONG_TITLE}` }).first();
      await title.waitFor();
      const row = page.getByRole('row').filter({ has: title });
      const patient = row.getByRole('link', { name: 'DEMO-3003-1' });
      const [titleBox, patientBox] = [await title.boundingBox(), await patient.boundingBox()];
      expect(titleBox && patientBox && titleBox.x + titleBox.width <= patientBox.x, `${width} px`).toBe(true);
      await page.screenshot({ path: `test-results/query-overview-${width}.png`, fullPage: true });

      await page.goto(`${inject('baseUrl')}/patientCreate`);
      const birthDate = page.getByRole('group', { name: 'Geburtsdatum', exact: true });
      for (const part of ['Tag', 'Monat', 'Jahr'])
        expect(await birthDate.getByRole('textbox', { name: part }).getAttribute('aria-required')).toBe('true');
      expect(await page.locator('input[type="date"]').count()).toBe(0);
      await page.screenshot({ path: `test-results/patient-create-${width}.png`, fullPage: true });
    }
  });
});
