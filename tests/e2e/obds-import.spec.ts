import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { randomLetters } from '../support/run-names.js';
import {
  diagnosisReport,
  obdsFile,
  obdsMessage,
  systemicTherapyReport,
  tumourAssignment,
} from '../../gateway/src/test-support/obds-files.js';
import { seriousViolations } from './pages/axe.js';
import { AppShell } from './pages/app-shell.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { ObdsImportPage } from './pages/obds-import-page.js';
import { PatientCreatePage } from './pages/patient-create-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();
let page: Page;

// A person of this run only: the service keeps every registered person.
const ilse = {
  lastName: `Obdsimport${randomLetters(6)}`,
  firstName: `Ilse${randomLetters(4)}`,
  birthDate: `19${randomInt(30, 99)}-0${randomInt(1, 10)}-2${randomInt(0, 9)}`,
  street: `Lindenallee ${randomInt(1, 300)}`,
  zip: '50667',
  city: 'Köln',
};
const tag = randomLetters(6).toUpperCase();
const lung = tumourAssignment('C34.1', '2024-03-05');
const FILE = obdsFile([
  {
    person: { ...ilse, gender: 'W', insuranceNumber: null },
    messages: [
      obdsMessage(`${tag}-D`, lung, diagnosisReport({ t: '2a', n: '1', m: '0', uicc: 'IIB' })),
      obdsMessage(`${tag}-S`, lung, systemicTherapyReport({ start: '2024-04-02', end: '2024-08-20', type: 'CI', atc: ['L01XC18'] })),
      obdsMessage(`${tag}-B`, tumourAssignment('C50.4', '2023-01-10'), diagnosisReport({ t: '1', n: '0', m: '0', uicc: 'I' }, '0')),
    ],
  },
]);

beforeAll(async () => {
  page = await browser.newPage();
});

describe('A physician imports the hospital’s oBDS file of a registered patient (issue 28)', () => {
  it('uploads, follows the import to its end, reviews the proposals beside the empty forms, accepts the diagnosis and finds it documented', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(page).choose('1001 - Universitätsklinikum Köln');
    await page.waitForURL('**/home');

    // Given Ilse, registered at the pseudonymisation service, with a baseline visit
    const create = new PatientCreatePage(page);
    await create.open();
    await create.register({ ...ilse, gender: 'weiblich' });
    await page.getByRole('heading', { level: 1, name: /^Patient [0-9A-Z]{8}/ }).waitFor();
    const patients = new PatientPages(page);
    await patients.addBaseline({ day: '10', month: '03', year: '2024' });
    // The saved visit's page, not the form's heading „Neue Visite: Baseline“ (which names the visit too)
    await page.getByText('Visitendatum: 10.03.2024').waitFor();
    const baselineUrl = page.url();

    // When I open "oBDS-Import" in the sidebar and upload a file the schema refuses
    await new AppShell(page).sidebar.getByRole('link', { name: 'oBDS-Import' }).click();
    await page.waitForURL('**/imports');
    const imports = new ObdsImportPage(page);
    await imports.form.waitFor();
    await imports.upload('klinik-fehler.xml', FILE.replace('<Therapieart>CI</Therapieart>', '<Therapieart>QQ</Therapieart>'));

    // Then I am told in German what is wrong, with line and element
    await imports.refusal().waitFor();
    expect(await imports.refusal().innerText()).toMatch(/Zeile \d+, Element „Therapieart“: Der Wert „QQ“ ist nicht zulässig/);

    // When I upload the correct file
    const fileName = `klinik-${tag}.xml`;
    await imports.upload(fileName, FILE);

    // Then the import appears among the earlier ones and runs to its end, its counts per outcome beside it
    const row = imports.importRow(fileName);
    await row.getByText('abgeschlossen').waitFor();
    expect((await row.getByRole('cell').allInnerTexts()).slice(3, 8)).toEqual(['2', '1', '0', '0', '0']);

    // And each message is listed: the diagnosis with its proposals beside the empty forms, the breast tumour not applicable
    const diagnosis = imports.message(`${tag}-D`);
    await diagnosis.waitFor();
    expect(await imports.rows(diagnosis, 'TNM und UICC-Stadium')).toEqual([
      ['TNM-Auflage', 'TNM 8. Auflage', '–', ''],
      ['Präfix', 'c (klinisch)', '–', ''],
      ['T', 'T2a', '–', ''],
      ['N', 'N1', '–', ''],
      ['M', 'M0', '–', ''],
      ['UICC-Stadium', 'IIB', '–', ''],
    ]);
    expect(await imports.message(`${tag}-B`).innerText()).toContain(
      'Der Tumor C50.4 wird im Register nicht erfasst (nur Lungenkarzinome C34).',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // When I leave out the ECOG and accept the rest of the diagnosis
    await diagnosis.getByRole('checkbox', { name: 'ECOG-Performance-Status übernehmen' }).uncheck();
    await diagnosis.getByRole('checkbox', { name: 'Datum der Erhebung übernehmen' }).uncheck();
    await diagnosis.getByRole('button', { name: 'Ausgewählte übernehmen' }).click();

    // Then the current values are the imported ones, and the ECOG stays empty
    await diagnosis.getByText(/^Entschieden von physician am/).waitFor();
    expect((await imports.rows(diagnosis, 'TNM und UICC-Stadium')).map((row) => row.slice(2))).toEqual(
      ['TNM 8. Auflage', 'c (klinisch)', 'T2a', 'N1', 'M0', 'IIB'].map((value) => [value, 'übernommen']),
    );
    expect((await imports.rows(diagnosis, 'Allgemeinzustand (ECOG)')).map((row) => row[3])).toEqual([
      'nicht übernommen',
      'nicht übernommen',
    ]);

    // And the baseline holds the diagnosis and the staging, and still asks for the ECOG
    await page.goto(baselineUrl);
    await page.getByText('Visitendatum: 10.03.2024').waitFor();
    await patients.instrumentCard('Allgemeinzustand (ECOG)').getByRole('link', { name: 'Anlegen: Allgemeinzustand (ECOG)' }).waitFor();
    expect(await page.getByRole('link', { name: 'Anlegen: Diagnose' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Anlegen: TNM und UICC-Stadium' }).count()).toBe(0);
  });
});
