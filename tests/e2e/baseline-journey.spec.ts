import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { BaselineForms, chooseFirst } from './pages/baseline-forms.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();

const LOAD_FAILURE = 'Die Daten konnten nicht geladen werden.';
const BASELINE_INSTRUMENTS = [
  'Einwilligungen',
  'Raucheranamnese',
  'Diagnose',
  'TNM und UICC-Stadium',
  'Allgemeinzustand (ECOG)',
  'Molekularpathologie',
  'Systemische Therapie',
  'Netzwerkpartner und Standort',
];

/** Three demo patients with an empty baseline, at the location that holds each. */
const RUNS = [
  { pseudonym: 'DEMO-1001-1', location: '1001 - Universitätsklinikum Köln' },
  { pseudonym: 'DEMO-1001-2', location: '1001 - Universitätsklinikum Köln' },
  { pseudonym: 'DEMO-3003-2', location: '3003 - Thoraxklinik Heidelberg' },
];

/** Jumps to a section through the form's section navigation; the keyboard focus lands in it. */
async function openSection(page: Page, name: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Abschnitte' }).getByRole('link', { name, exact: true }).click();
  const section = page.getByRole('region', { name, exact: true });
  await expect.poll(() => section.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  return section;
}

/** A freshly opened new form: its heading, no load failure and no error message before any input. */
async function expectFreshForm(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name: `Neues Instrument: ${name}` }).waitFor();
  const main = await page.getByRole('main').innerText();
  expect(main).not.toContain(LOAD_FAILURE);
  expect(main).not.toContain('Pflichtfeld fehlt');
}

/** Nothing required is missing any more: the summary of missing fields is gone. */
async function expectNothingMissing(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('region', { name: 'Fehlende Pflichtfelder' }).count()).toBe(0);
}

async function saveAndNext(page: Page): Promise<void> {
  await expectNothingMissing(page);
  await page.getByRole('button', { name: 'Speichern und nächstes Instrument' }).click();
}

async function fillBaseline(page: Page, patients: PatientPages): Promise<void> {
  await expectFreshForm(page, 'Einwilligungen');
  const forms = new BaselineForms(page);
  await forms.consent41(await openSection(page, 'Einwilligung Version 4.1'));
  await saveAndNext(page);

  await expectFreshForm(page, 'Raucheranamnese');
  await forms.enter('Raucheranamnese');
  await saveAndNext(page);

  await expectFreshForm(page, 'Diagnose');
  await patients.fillDate('Diagnosedatum', { day: '15', month: '10', year: '2026' });
  await patients.pick('Diagnose (ICD-10-GM)', 'C34.1', 'C34.1 Oberlappen (-Bronchus)');
  await patients.choose('Histologie (ICD-O-3)', '8140/3 Adenokarzinom');
  await saveAndNext(page);

  await expectFreshForm(page, 'TNM und UICC-Stadium');
  await patients.choose('TNM-Auflage', 'TNM 8. Auflage');
  const tnm = await openSection(page, 'TNM-Klassifikation');
  await patients.choose('T', 'T2a', tnm);
  await patients.choose('N', 'N1', tnm);
  // Metastasised before the molecular pathology is documented: the redirect links to its form.
  await patients.choose('M', 'M1c', tnm);
  const redirect = page.getByRole('link', { name: 'Metastasiert: Bitte die molekularpathologische Diagnostik dokumentieren.' });
  expect(await redirect.getAttribute('href')).toMatch(/\/visit\/[^/]+\/instrument\/[^/]+\/new$/);
  await patients.choose('M', 'M0', tnm);
  await redirect.waitFor({ state: 'detached' });
  await chooseFirst(patients.field('UICC-Stadium'));
  await saveAndNext(page);

  await expectFreshForm(page, 'Allgemeinzustand (ECOG)');
  await forms.enter('Allgemeinzustand (ECOG)');
  await saveAndNext(page);

  await expectFreshForm(page, 'Molekularpathologie');
  await patients.fillDate('Datum der Testung', { day: '20', month: '10', year: '2026' });
  const lab = patients.group('Testendes Netzwerkzentrum');
  await chooseFirst(lab.getByLabel(/^Standort/));
  const markers = await openSection(page, 'Biomarker-Panel');
  // The panel is a grid: a row per biomarker, a radio button per status; arrow keys move along a row.
  await markers.getByRole('radio', { name: 'EGFR: Wildtyp / negativ' }).check();
  await markers.getByRole('radio', { name: 'ALK-Fusion: positiv (Alteration nachgewiesen)' }).check();
  await page.keyboard.press('ArrowRight');
  expect(await markers.getByRole('radio', { name: 'ALK-Fusion: Wildtyp / negativ' }).isChecked()).toBe(true);
  await patients.field('PD-L1 TPS').fill('60');
  await saveAndNext(page);

  await expectFreshForm(page, 'Systemische Therapie');
  const treating = patients.group('Behandelnde Ärztin / behandelnder Arzt');
  await chooseFirst(treating.getByLabel(/^Standort/));
  await chooseFirst(treating.getByLabel(/^Therapeut\/in/));
  const lines = await openSection(page, 'Therapielinien');
  await lines.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  const line = patients.entryRow('Therapielinie 1', lines);
  // The therapy lines are a grid: the new row takes the focus in its first cell, and typing goes on from there.
  await page.keyboard.type('1');
  expect(await patients.field('Nummer der Linie').and(line.getByRole('textbox')).inputValue()).toBe('1');
  await chooseFirst(line.getByLabel(/^Therapieart/));
  await patients.fillDate('Beginn', { day: '01', month: '11', year: '2026' }, line);
  await saveAndNext(page);

  await expectFreshForm(page, 'Netzwerkpartner und Standort');
  await forms.enter('Netzwerkpartner und Standort');
  // The last instrument has no next one: its save returns to the visit.
  expect(await page.getByRole('button', { name: 'Speichern und nächstes Instrument' }).count()).toBe(0);
  await expectNothingMissing(page);
  await patients.save();
  await page.getByRole('heading', { name: 'Baseline' }).waitFor();
}

describe('A physician fills the demo baseline form by form (issue 18)', () => {
  it('goes through the section navigation and "Speichern und nächstes Instrument" without a load failure, three times', async () => {
    for (const { pseudonym, location } of RUNS) {
      const page = await browser.newPage();
      const scriptErrors: string[] = [];
      page.on('pageerror', (error) => scriptErrors.push(error.message));
      const login = new LoginPage(page);
      await login.open();
      await login.signIn('physician');
      await new LocationDialog(page).choose(location);
      await page.waitForURL('**/home');
      const patients = new PatientPages(page);

      // Given a demo patient whose baseline has no instrument yet
      await patients.openPatient(pseudonym);
      await patients.visitCard('Baseline').getByRole('link', { name: 'Baseline' }).click();
      await page.getByRole('heading', { name: 'Baseline' }).waitFor();

      // When I fill all eight instruments, each followed by the next one
      await patients.instrumentCard('Einwilligungen').getByRole('link', { name: 'Anlegen: Einwilligungen' }).click();
      await fillBaseline(page, patients);

      // Then every instrument is complete, and no screen failed to load or threw
      for (const name of BASELINE_INSTRUMENTS) {
        await expect.poll(() => patients.instrumentCard(name).innerText(), { message: `${pseudonym}: ${name}` }).toContain('Vollständig');
      }
      expect(await page.getByRole('main').innerText()).not.toContain(LOAD_FAILURE);
      expect(scriptErrors).toEqual([]);
      await page.context().close();
    }
  });
});

describe('The screens at 800 px, a portrait tablet (issue 18)', () => {
  it('start with the sidebar collapsed; opened, the patient table scrolls in its own box; the choice is remembered', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1000 });
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(page).choose('1001 - Universitätsklinikum Köln');
    await page.waitForURL('**/home');
    await page.goto(`${inject('baseUrl')}/patients`);
    const table = page.getByRole('table');
    await table.waitFor();
    const queryOverview = page.getByRole('link', { name: 'Query Übersicht' });

    const toggle = page.getByRole('button', { name: 'Navigation einblenden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await queryOverview.isVisible()).toBe(false);
    const fits = () => table.evaluate((element) => element.getBoundingClientRect().right <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);

    // When I open the sidebar, the page keeps its width: the table scrolls sideways inside its own box
    await toggle.click();
    await queryOverview.waitFor();
    const layout = await table.evaluate((element) => {
      const box = element.parentElement;
      return {
        pageOverflows: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        boxRight: box ? box.getBoundingClientRect().right : Infinity,
        boxScrolls: box ? getComputedStyle(box).overflowX === 'auto' : false,
        viewport: document.documentElement.clientWidth,
      };
    });
    expect(layout.pageOverflows).toBe(false);
    expect(layout.boxRight).toBeLessThanOrEqual(layout.viewport);
    expect(layout.boxScrolls).toBe(true);

    // And the browser remembers the open sidebar
    await page.reload();
    await table.waitFor();
    await queryOverview.waitFor();
    await page.getByRole('button', { name: 'Navigation ausblenden' }).click();
    await queryOverview.waitFor({ state: 'hidden' });
    expect(await fits()).toBe(true);
    await page.reload();
    await table.waitFor();
    expect(await queryOverview.isVisible()).toBe(false);
    await page.context().close();
  });

  it('keep a grid of therapy lines inside the form: it scrolls sideways on its own, the row number in view', async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1000 });
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(page).choose('2002 - Klinikum Essen');
    await page.waitForURL('**/home');
    const patients = new PatientPages(page);

    // Given a new form of the systemic therapy, not saved
    await patients.openPatient('DEMO-2002-1');
    await patients.visitCard('Baseline').getByRole('link', { name: 'Baseline' }).click();
    await patients.instrumentCard('Systemische Therapie').getByRole('link', { name: 'Anlegen: Systemische Therapie' }).click();
    await page.getByRole('heading', { name: 'Neues Instrument: Systemische Therapie' }).waitFor();

    // When I add two therapy lines and move along the second one by keyboard
    const lines = patients.group('Therapielinien');
    await lines.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    await lines.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    const second = patients.entryRow('Therapielinie 2', lines);
    await expect.poll(() => second.getByLabel(/^Nummer der Linie/).evaluate((input) => input === document.activeElement)).toBe(true);
    for (let step = 0; step < 12; step += 1) await page.keyboard.press('Tab');

    // Then the page keeps its width; the grid has scrolled within its region, its row number still in view
    const grid = lines.getByRole('region', { name: 'Therapielinien', exact: true });
    const layout = await grid.evaluate((region) => {
      const header = region.querySelector('tbody th');
      return {
        pageOverflows: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        scrolled: region.scrollLeft > 0,
        regionRight: region.getBoundingClientRect().right,
        rowNumberLeft: header ? header.getBoundingClientRect().left - region.getBoundingClientRect().left : -1,
        viewport: document.documentElement.clientWidth,
      };
    });
    expect(layout.pageOverflows).toBe(false);
    expect(layout.scrolled).toBe(true);
    expect(layout.regionRight).toBeLessThanOrEqual(layout.viewport);
    expect(layout.rowNumberLeft).toBeGreaterThanOrEqual(0);
    expect(layout.rowNumberLeft).toBeLessThan(2);
    await page.context().close();
  });
});
