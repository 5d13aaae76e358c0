/**
 * The e-learning gate (issue 13): the demo documentalist must pass the lung registry's e-learning before
 * documenting. The patient screen says so, a save is refused and leads to /elearning, a failed attempt
 * starts the form afresh, and after passing the same save goes through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();
let page: Page;

beforeAll(async () => {
  page = await browser.newPage();
});

const REQUIRED = 'Bitte absolvieren Sie zuerst das E-Learning dieser Studie. Erst danach können Sie in ihr dokumentieren.';
// A demo patient no other browser test documents (DEMO-3003-3 belongs to the print views).
const PATIENT = 'DEMO-2002-3';
/** The demo e-learning's right options, by their text (backend/src/elearning/demo-elearning.ts). */
const RIGHT = [
  'Nur das Pseudonym; die Identität verwaltet der Pseudonymisierungsdienst (Mainzelliste)',
  'Eine gültige Einwilligung, erfasst im Instrument „Einwilligungen“',
  'Lokalisation nach ICD-10-GM (C34.x)',
  'Morphologie nach ICD-O-3',
  'Ein Änderungsgrund, der im Audit-Trail gespeichert wird',
  'Den aktuellen Stand laden und meine Änderungen erneut eintragen',
];
const WRONG = [
  'Name, Geburtsdatum und Anschrift',
  'Nur eine Überweisung',
  'Diagnose als OPS-Code',
  'Ein Änderungsgrund, der im Audit-Trail gespeichert wird',
  'Den aktuellen Stand laden und meine Änderungen erneut eintragen',
];

async function answer(options: readonly string[]): Promise<void> {
  for (const option of options) await page.getByLabel(option, { exact: true }).check();
  await page.getByRole('button', { name: 'Antworten absenden' }).click();
}

describe('A documentalist who has not passed the e-learning', () => {
  it('is led to the e-learning and documents only after passing it', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('documentalist');
    await new LocationDialog(page).choose('2002 - Klinikum Essen');
    await page.waitForURL('**/home');

    // Given a demo patient: the screen says the e-learning comes first
    const patients = new PatientPages(page);
    await patients.openPatient(PATIENT);
    await page.getByText(REQUIRED).waitFor();

    // When I save a new baseline anyway, the server refuses and I land on the e-learning
    await patients.addBaseline({ day: '03', month: '11', year: '2026' });
    await page.waitForURL('**/elearning');
    await page.getByRole('heading', { name: 'Dokumentieren im nNGM-Lungenkrebsregister' }).waitFor();

    // A failed attempt says so and starts the form afresh
    await answer(WRONG);
    await page.getByText('Nicht bestanden: 2 von 5 Fragen richtig, 4 sind nötig. Bitte versuchen Sie es erneut.').waitFor();
    expect(await page.getByLabel(WRONG[0] ?? '', { exact: true }).isChecked()).toBe(false);

    // Passing lifts the gate
    await answer(RIGHT);
    await page.getByText('Bestanden: 5 von 5 Fragen richtig. Sie können jetzt in dieser Studie dokumentieren.').waitFor();

    // The refused save stored nothing; now the baseline is saved
    await patients.openPatient(PATIENT);
    expect(await page.getByRole('main').innerText()).toContain('Noch keine Visiten dokumentiert.');
    expect(await page.getByText(REQUIRED).count()).toBe(0);
    await patients.addBaseline({ day: '03', month: '11', year: '2026' });
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();
    expect(page.url()).not.toContain('/elearning');
  });
});
