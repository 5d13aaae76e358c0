// `npm run screenshots`: the screenshots under docs/screenshots/ (issue 18), taken from the built system
// (`npm run build` first; this script builds nothing). Services start as for the browser tests
// (tests/support/global-setup.ts): embedded PGlite in a temporary directory, or a fresh
// `<database>_screenshots` beside DATABASE_URL. The demo physician documents a diagnosis of a demo patient,
// signs the baseline visit and prints it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, freshPostgresDatabase, startServices } from './services.mjs';

const outDir = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const PASSWORD = 'Demo-Passwort1';
const LOCATION = '1001 - Universitätsklinikum Köln';
const PSEUDONYM = 'DEMO-1001-1';

const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?( \\(Pflichtfeld\\))?$`);

/** A therapy line: number, type and start; the row of a grid is found by its row header. */
async function addTherapyLine(page, lines, number, start) {
  await lines.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  const row = lines.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Therapielinie ${number}`, exact: true }) });
  // A new row takes the focus in its first cell.
  await page.keyboard.type(number);
  await row.getByLabel(label('Therapieart')).selectOption({ label: 'Chemo- und Immuntherapie' });
  const begin = row.getByRole('group', { name: /^Beginn/ });
  await begin.getByLabel('Monat').fill(start.month);
  await begin.getByLabel('Jahr').fill(start.year);
  return row;
}

/** The systemic therapy with two lines (the first ended) and an adverse event, shot as grids at 1280 and 800 px. */
async function documentTherapy(page) {
  await page.getByRole('link', { name: 'Anlegen: Systemische Therapie' }).click();
  await page.getByRole('heading', { name: 'Neues Instrument: Systemische Therapie' }).waitFor();
  const treating = page.getByRole('group', { name: /^Behandelnde Ärztin/ });
  for (const choice of [treating.getByLabel(/^Standort/), treating.getByLabel(/^Therapeut\/in/)]) {
    await choice.locator('option').nth(1).waitFor({ state: 'attached' });
    await choice.selectOption({ index: 1 });
  }
  const lines = page.getByRole('group', { name: /^Therapielinien/ });
  const first = await addTherapyLine(page, lines, '1', { month: '11', year: '2026' });
  await addTherapyLine(page, lines, '2', { month: '03', year: '2027' });
  const end = first.getByRole('group', { name: /^Ende/ });
  await end.getByLabel('Monat').fill('02');
  await end.getByLabel('Jahr').fill('2027');
  await first.getByLabel(label('Grund des Therapieendes')).selectOption({ index: 1 });
  await first.getByLabel(label('Bestes Ansprechen (RECIST 1.1)')).selectOption({ index: 2 });
  const events = page.getByRole('group', { name: /^Unerwünschte Ereignisse/ });
  await events.getByRole('button', { name: 'Pneumonitis hinzufügen' }).click();
  await events.getByLabel(label('CTCAE-Grad')).selectOption({ label: 'Grad 2' });
  // The grids from their first column, the section at the top, and no message of the diagnosis' save in front.
  await page.getByRole('status').getByText('Gespeichert').waitFor({ state: 'hidden' });
  const shoot = async (path) => {
    await page.locator('[data-component="ScrollableRegion"]').evaluateAll((regions) => {
      for (const region of regions) region.scrollLeft = 0;
    });
    await page.locator('section[aria-label="Therapielinien"]').evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(outDir, path) });
  };
  await shoot('therapy-grid-1280.png');
  // A portrait tablet: the sidebar closed, as it starts there.
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.getByRole('button', { name: 'Navigation ausblenden' }).click();
  await shoot('therapy-grid-800.png');
  await page.getByRole('button', { name: 'Navigation einblenden' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await page.getByRole('heading', { name: 'Baseline' }).waitFor();
}

async function documentAndShoot(page, baseUrl) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('textbox', { name: 'Benutzername' }).fill('physician');
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const locations = page.getByRole('dialog', { name: 'Standortauswahl' });
  await locations.getByRole('radio', { name: LOCATION }).check();
  await locations.getByRole('button', { name: 'OK' }).click();
  // A fresh registry has unread news: the physician is forwarded to them first (ecrf-core.md §2).
  await page.getByRole('dialog', { name: 'Weiterleitung zu News' }).getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/newsDocuments');

  await page.goto(`${baseUrl}/patients`);
  await page.getByRole('searchbox', { name: 'Suche' }).fill(PSEUDONYM);
  await page.getByRole('link', { name: `Patient ${PSEUDONYM} öffnen` }).click();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Baseline', exact: true }) })
    .getByRole('link')
    .first()
    .click();
  await page.getByRole('link', { name: 'Anlegen: Diagnose' }).click();
  await page.getByRole('heading', { name: 'Neues Instrument: Diagnose' }).waitFor();
  const diagnosisDate = page.getByRole('group', { name: /^Diagnosedatum/ });
  await diagnosisDate.getByLabel('Monat').fill('10');
  await diagnosisDate.getByLabel('Jahr').fill('2026');
  // The diagnosis is picked from ICD-10-GM: a search, then the offered code.
  await page.getByRole('combobox', { name: label('Diagnose (ICD-10-GM)') }).fill('C34.1');
  await page.getByRole('option', { name: 'C34.1 Oberlappen (-Bronchus)', exact: true }).click();
  await page.getByLabel(label('Histologie (ICD-O-3)')).selectOption({ label: '8140/3 Adenokarzinom' });
  await page.screenshot({ path: join(outDir, 'instrument-form-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.getByRole('button', { name: 'Navigation ausblenden' }).click();
  await page.screenshot({ path: join(outDir, 'instrument-form-800.png'), fullPage: true });
  await page.getByRole('button', { name: 'Navigation einblenden' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await page.getByRole('heading', { name: 'Baseline' }).waitFor();

  await documentTherapy(page);

  await page.getByRole('button', { name: 'Visite signieren' }).click();
  const sign = page.getByRole('dialog', { name: 'Visite signieren' });
  await sign.getByLabel('Passwort').fill(PASSWORD);
  await sign.getByRole('button', { name: 'Signieren' }).click();
  await sign.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Drucken', exact: true }).click();
  await page.getByRole('heading', { name: `Baseline – Patient ${PSEUDONYM}` }).waitFor();
  // The page as it goes to paper: print styles, no app chrome.
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: join(outDir, 'visit-print.png'), fullPage: true });
}

const dataDir = mkdtempSync(join(tmpdir(), 'ecrf-screenshots-'));
const lines = [];
const databaseUrl = process.env.DATABASE_URL ? await freshPostgresDatabase(process.env.DATABASE_URL, 'screenshots') : '';
const services = await startServices({
  backendPort: await freePort(),
  gatewayPort: await freePort(),
  mainzellistePort: await freePort(),
  env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'development' },
  log: (line) => lines.push(line),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  mkdirSync(outDir, { recursive: true });
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  await documentAndShoot(await context.newPage(), services.url);
  console.log(`Screenshots in ${outDir}`);
} catch (error) {
  console.error(lines.join('\n'));
  throw error;
} finally {
  await browser.close();
  await services.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
