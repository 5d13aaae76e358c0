/**
 * Issue 13, questionnaires: a case manager creates a patient access on the patient screen; the patient, in a browser
 * of their own and not signed in, opens the link on a phone, must answer all nine PHQ-9 items, submits and sees a
 * thank-you without any score; the case manager then sees the total, the severity and the item 9 flag on the patient.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';
import { PatientQuestionnairePage, QuestionnaireSection } from './pages/questionnaire-pages.js';

const browser = useBrowser();
const PATIENT = 'DEMO-2002-2';

const OPTIONS = ['Überhaupt nicht', 'An einzelnen Tagen', 'An mehr als der Hälfte der Tage', 'Beinahe jeden Tag'];
/** The patient's answers to items 1–9: total 11 (10–14: 'Mittelgradig'), item 9 above 0. */
const ANSWERS = [1, 2, 0, 3, 1, 0, 2, 1, 1];

async function signInAt(page: Page, userName: string, location: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  await new LocationDialog(page).choose(location);
  await page.waitForURL('**/home');
}

describe('A patient answers the PHQ-9 through a patient access', () => {
  it('and the case manager sees the score and severity on the patient', async () => {
    const staff = await browser.newPage();
    await signInAt(staff, 'casemanager', '2002 - Klinikum Essen');
    await new PatientPages(staff).openPatient(PATIENT);
    const section = new QuestionnaireSection(staff);

    // When I create a patient access, its link, code and expiry are shown once.
    const access = await section.createPatientAccess();
    expect(access.link).toMatch(new RegExp(`/fragebogen/${access.code}$`));
    expect(access.code).toMatch(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);
    expect(access.expiry).toMatch(/^Gültig bis \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} Uhr\./);
    await section
      .row('PHQ-9')
      .getByText(/^Offen, Zugang gültig bis /)
      .waitFor();

    // Then the patient, not signed in, opens the link on a phone.
    const patient = await browser.newPage();
    await patient.setViewportSize({ width: 390, height: 844 });
    await patient.goto(access.link);
    await patient.getByRole('heading', { level: 1, name: 'Gesundheitsfragebogen für Patienten (PHQ-9)' }).waitFor();
    await patient
      .getByText('Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?')
      .waitFor();
    const form = new PatientQuestionnairePage(patient);

    // The radio groups work by keyboard: the arrow key moves from the first option to the second.
    await form
      .item(1)
      .getByLabel(OPTIONS[0] ?? '', { exact: true })
      .focus();
    await patient.keyboard.press('ArrowDown');
    expect(
      await form
        .item(1)
        .getByLabel(OPTIONS[1] ?? '', { exact: true })
        .isChecked(),
    ).toBe(true);
    for (const [index, value] of ANSWERS.entries()) if (index > 0 && index < 8) await form.answer(index + 1, OPTIONS[value] ?? '');

    // Item 9 left open: nothing is sent, and the patient is told which question is missing.
    await form.submit();
    await patient.getByRole('alert').getByText('Bitte beantworten Sie Frage 9.').waitFor();
    await form.answer(9, OPTIONS[ANSWERS[8] ?? 0] ?? '');
    await form.submit();
    await patient.getByRole('heading', { level: 1, name: 'Vielen Dank!' }).waitFor();
    const thanks = await patient.getByRole('main').innerText();
    expect(thanks).not.toMatch(/\b11\b|Mittelgradig|Summenwert|Schweregrad/);

    // The link is used up.
    await patient.goto(access.link);
    await patient.getByRole('heading', { level: 1, name: 'Zugang nicht gültig' }).waitFor();

    // And the case manager sees the score, the severity and the item 9 flag on the patient.
    await staff.reload();
    const row = section.row('PHQ-9');
    await row.getByText('11 von 27').waitFor();
    await row.getByText('Mittelgradig', { exact: true }).waitFor();
    await row.getByText(/^Frage 9 .*klinisch abklären$/).waitFor();
    await row.getByText('Vom Patienten beantwortet').waitFor();
  });
});
