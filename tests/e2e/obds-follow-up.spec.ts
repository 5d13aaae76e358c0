import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { randomLetters } from '../support/run-names.js';
import {
  deathReport,
  obdsFile,
  obdsMessage,
  progressionReport,
  tumourAssignment,
  tumourBoardReport,
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
const hanna = {
  lastName: `Obdsverlauf${randomLetters(6)}`,
  firstName: `Hanna${randomLetters(4)}`,
  birthDate: `19${randomInt(30, 99)}-0${randomInt(1, 10)}-2${randomInt(0, 9)}`,
  street: `Ulmenweg ${randomInt(1, 300)}`,
  zip: '50667',
  city: 'Köln',
};
const tag = randomLetters(6).toUpperCase();
const lung = tumourAssignment('C34.1', '2024-03-05');
const FILE = obdsFile([
  {
    person: { ...hanna, gender: 'W', insuranceNumber: null },
    messages: [
      obdsMessage(`${tag}-V`, lung, progressionReport({ date: '2024-09-12', overall: 'P', m: '1b', site: 'HEP', ecog: '2' })),
      obdsMessage(`${tag}-T`, lung, deathReport({ date: '2025-01-20', tumourRelated: 'J', causes: ['C34.1'] })),
      obdsMessage(`${tag}-K`, lung, tumourBoardReport({ date: '2024-03-12', type: 'praeth', recommendations: ['CI', 'ST'] })),
    ],
  },
]);

beforeAll(async () => {
  page = await browser.newPage();
});

describe('A physician imports the follow-up, death and tumour board reports of a registered patient (issue 28)', () => {
  it('sees where each proposal goes, accepts the death report and finds the new follow-up visit', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(page).choose('1001 - Universitätsklinikum Köln');
    await page.waitForURL('**/home');

    // Given Hanna, registered at the pseudonymisation service, with a baseline visit and no follow-up
    const create = new PatientCreatePage(page);
    await create.open();
    await create.register({ ...hanna, gender: 'weiblich' });
    await page.getByRole('heading', { level: 1, name: /^Patient [0-9A-Z]{8}/ }).waitFor();
    const patientUrl = page.url();
    const patients = new PatientPages(page);
    await patients.addBaseline({ day: '10', month: '03', year: '2024' });
    await page.getByText('Visitendatum: 10.03.2024').waitFor();

    // When I upload the file
    await new AppShell(page).sidebar.getByRole('link', { name: 'oBDS-Import' }).click();
    await page.waitForURL('**/imports');
    const imports = new ObdsImportPage(page);
    await imports.form.waitFor();
    await imports.upload('klinik-verlauf.xml', FILE);

    // Then each proposal names its place: the follow-up of the report's day, to be created, and the tumour board
    const death = imports.message(`${tag}-T`);
    await death.waitFor();
    const target = (message: typeof death, caption: string) => message.getByRole('table', { name: caption }).locator('caption');
    expect(await target(death, 'Vitalstatus').innerText()).toContain('Ziel: Follow-up vom 20.01.2025 (wird bei der Übernahme angelegt)');
    expect(await imports.rows(death, 'Vitalstatus')).toEqual([
      ['Vitalstatus', 'verstorben\nAus der Todesmeldung.', '–', ''],
      ['Sterbedatum', '20.01.2025', '–', ''],
      ['Tod tumorbedingt', 'ja', '–', ''],
      ['Todesursache (ICD-10)', 'C34.1', '–', ''],
    ]);
    const progression = imports.message(`${tag}-V`);
    expect(await target(progression, 'Krankheitsstatus und Progression').innerText()).toContain('Ziel: Follow-up vom 12.09.2024');
    expect(await progression.innerText()).toContain(
      'Verlauf/Verlauf_Lokaler_Tumorstatus = T: Das Register hat für diese Angabe kein Feld.',
    );
    const board = imports.message(`${tag}-K`);
    expect(await target(board, 'Tumorkonferenz').innerText()).toContain(
      'Ziel: Tumorkonferenz vom 12.03.2024 (wird bei der Übernahme angelegt)',
    );
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 900 });
      if (process.env.OBDS_SHOTS) await page.screenshot({ path: `${process.env.OBDS_SHOTS}/obds-${width}.png`, fullPage: true });
      // No horizontal scrolling of the page: wide tables scroll inside their box.
      expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([width, width]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // When I accept the death report
    await death.getByRole('button', { name: 'Alle übernehmen' }).click();

    // Then the follow-up of the death day holds the vital status
    await death.getByText(/^Entschieden von physician am/).waitFor();
    expect((await imports.rows(death, 'Vitalstatus')).map((row) => row.slice(2))).toEqual(
      ['verstorben', '20.01.2025', 'ja', 'C34.1'].map((value) => [value, 'übernommen']),
    );
    expect(await target(death, 'Vitalstatus').innerText()).not.toContain('wird bei der Übernahme angelegt');
    await page.goto(patientUrl);
    const followUp = new PatientPages(page).visitCard('Follow-up');
    await followUp.waitFor();
    expect(await followUp.innerText()).toContain('20.01.2025');
  });
});
