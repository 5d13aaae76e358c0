import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { LoginPage } from './pages/login-page.js';
import { OnkozertImportPage } from './pages/onkozert-page.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage();
});

const CSV = [
  'Jahr;Kennzahl;Bezeichnung;Zähler;Nenner',
  '2024;1;Primärfälle;120;',
  '2024;2a;Prätherapeutische Tumorkonferenz;95;100',
  '2024;3;Operationen;viele;',
  '',
].join('\n');

describe('The certification office imports a data sheet of key figures (ecrf-calls.md §7 "Onkozert")', () => {
  it('uploads a file with one bad row, sees the report and downloads the import again', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('adminmedsyn');
    await page.waitForURL('**/home');

    // When I open "OncoBox Import" in the sidebar
    await new AppShell(page).sidebar.getByRole('link', { name: 'OncoBox Import' }).click();
    await page.waitForURL('**/imports');
    const imports = new OnkozertImportPage(page);
    await imports.heading.waitFor();

    // And I upload the key figures of Köln, one row of which has no number
    await imports.chooseLocation('1001 - Universitätsklinikum Köln');
    await imports.upload('kennzahlen-koeln-2024.csv', CSV);

    // Then the report says two rows were taken and names the refused one with its column and message
    await imports.report().waitFor();
    expect(await imports.report().innerText()).toContain('2 Zeilen übernommen, 1 Zeile abgelehnt.');
    expect(await imports.rejectedRows()).toEqual([['4', 'Zähler', 'Ganze Zahl ab 0']]);

    // And the import is listed with its figures
    await expect.poll(() => imports.importsTable().innerText()).toContain('kennzahlen-koeln-2024.csv');
    expect(await imports.importsTable().innerText()).toContain('1001 - Universitätsklinikum Köln');

    // When I download it again, I get the file as uploaded
    const file = await imports.download('kennzahlen-koeln-2024.csv');
    expect(file.fileName).toBe('kennzahlen-koeln-2024.csv');
    expect(file.text).toBe(CSV);
  });

  it('refuses a file of another kind with a German message and stores nothing', async () => {
    const imports = new OnkozertImportPage(page);
    await imports.upload('patienten.csv', 'Name;Vorname\nMustermann;Erika\n');
    await page
      .getByRole('status')
      .filter({ hasText: 'Unbekannte Spalte „Name“. Erlaubt sind: Jahr, Kennzahl, Bezeichnung, Zähler, Nenner.' })
      .waitFor();
    expect(await imports.importsTable().innerText()).not.toContain('patienten.csv');
  });
});
