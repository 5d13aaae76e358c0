/**
 * Konfiguration: Exporte (issue 12): the project manager creates a generic export definition, is told at once that
 * a schedule is not valid cron, fixes it and saves; after a reload the definition is listed with its schedule and
 * items in the chosen order, and a duplicate appears as "(Kopie)" without the schedule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { GenericExportsPage } from './pages/generic-exports-page.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';

const browser = useBrowser();
const NAME = `Stagingbericht ${Date.now()}`;
let page: Page;
let exports: GenericExportsPage;

beforeAll(async () => {
  page = await browser.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('pmnngm');
  await new LocationDialog(page).choose('2002 - Klinikum Essen');
  await page.waitForURL('**/home');
  exports = new GenericExportsPage(page);
});

describe('A project manager configures a generic export', () => {
  it('When I create a definition with a broken schedule, Then I see "Cron Syntax" until I fix it, and the saved definition stays after a reload', async () => {
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Konfiguration: Exporte' }).click();
    await page.getByRole('heading', { name: 'Konfiguration: Exporte', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Neue Exportdefinition' }).click();
    const editor = exports.editor('Neue Exportdefinition');
    await editor.getByLabel('Name').fill(NAME);
    await exports.addItem(editor, 'pseudonym', 'Patient – Pseudonym');
    await exports.addItem(editor, 'baseline stadium status', 'Baseline: TNM und UICC-Stadium – Status');
    // Keyboard only: the status column moves before the pseudonym.
    await editor.getByRole('button', { name: 'Nach oben: Baseline: TNM und UICC-Stadium – Status' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => exports.chosenItems(editor).first().innerText()).toContain('Baseline: TNM und UICC-Stadium – Status');
    await editor.getByLabel('Ausgabeformat').selectOption('XLSX');

    const cron = editor.getByLabel('Zeitplan (Cron)');
    await cron.pressSequentially('0 25 * * 1');
    await exports.cronMessage(editor).waitFor();
    await cron.fill('0 6 * * 1');
    await exports.cronMessage(editor).waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('status').getByText(`Exportdefinition „${NAME}“ gespeichert`).waitFor();

    await exports.open();
    const row = exports.row(NAME);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Excel \(XLSX\)\s+0 6 \* \* 1\s+.* von pmnngm/);
    await row.getByRole('button', { name: `Bearbeiten: ${NAME}` }).click();
    const stored = exports.editor(`Exportdefinition „${NAME}“ bearbeiten`);
    expect(await stored.getByLabel('Zeitplan (Cron)').inputValue()).toBe('0 6 * * 1');
    expect((await exports.chosenItems(stored).allInnerTexts()).map((text) => text.trim())).toEqual([
      'Baseline: TNM und UICC-Stadium – Status',
      'Patient – Pseudonym',
    ]);
  });

  it('When I duplicate it, Then the copy is listed as "(Kopie)" without a schedule and opens in the editor', async () => {
    await exports
      .row(NAME)
      .getByRole('button', { name: `Duplizieren: ${NAME}` })
      .click();
    const copy = exports.editor(`Exportdefinition „${NAME} (Kopie)“ bearbeiten`);
    await copy.waitFor();
    expect(await copy.getByLabel('Zeitplan (Cron)').inputValue()).toBe('');
    expect(await exports.row(`${NAME} (Kopie)`).innerText()).toContain('Nur manuell');
  });
});
