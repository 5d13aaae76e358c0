/**
 * Issue 13, projects: a data manager assigns a demo patient to a research project on
 * /patient/{id}/projects, reached from the patient screen; the assignment shows with its period, an end
 * before the start is refused at its field, ending it shows it as no longer current, and a physician sees
 * the assignment without the actions.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();
let page: Page;

beforeEach(async () => {
  page = await browser.newPage();
});

async function signInAt(userName: string, location: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  await new LocationDialog(page).choose(location);
  await page.waitForURL('**/home');
}

describe('Project assignments of a patient', () => {
  it('are assigned, shown with their period and refused with a wrong period', async () => {
    await signInAt('datamanager', '2002 - Klinikum Essen');
    const patients = new PatientPages(page);
    await patients.openPatient('DEMO-2002-1');
    await page.getByRole('link', { name: 'Projekte' }).click();
    await page.getByRole('heading', { level: 1, name: 'Projekte von Patient DEMO-2002-1' }).waitFor();
    await page.waitForURL(/\/patient\/[^/]+\/projects$/);
    const projectsAddress = page.url();
    await page.getByText('Der Patient ist keinem Projekt zugeordnet.').waitFor();

    const form = page.getByRole('region', { name: 'Einem Projekt zuordnen' });
    await form.getByLabel(/^Projekt/).selectOption({ label: 'KRAS-G12C-Kohorte' });
    await form.getByLabel(/^Von/).fill('2025-03-01');
    await form.getByLabel('Bis', { exact: true }).fill('2025-02-01');
    await form.getByRole('button', { name: 'Zuordnen' }).click();
    await page.getByText('Das Ende der Zuordnung darf nicht vor ihrem Beginn liegen.').waitFor();

    await form.getByLabel('Bis', { exact: true }).fill('');
    await form.getByLabel('Notiz', { exact: true }).fill('Tumorboard 03/2025');
    await form.getByRole('button', { name: 'Zuordnen' }).click();
    const row = page.getByRole('row', { name: /KRAS-G12C-Kohorte/ });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['KRAS-G12C-Kohorte', '01.03.2025', 'Aktuell', 'Tumorboard 03/2025']),
    );

    // Ending it: the period shows, and the assignment no longer holds.
    await row.getByRole('button', { name: 'Bearbeiten: KRAS-G12C-Kohorte' }).click();
    const editForm = page.getByRole('region', { name: 'Zuordnung zu „KRAS-G12C-Kohorte“ bearbeiten' });
    await editForm.getByLabel('Bis', { exact: true }).fill('2025-06-30');
    await editForm.getByRole('button', { name: 'Speichern' }).click();
    await row.getByRole('cell', { name: '30.06.2025' }).waitFor();
    await row.getByText('Nicht aktuell').waitFor();

    // A physician of the location sees the assignment, without the actions of data management.
    await new AppShell(page).signOut();
    await signInAt('physician', '2002 - Klinikum Essen');
    await page.goto(projectsAddress);
    await page.getByRole('row', { name: /KRAS-G12C-Kohorte/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Entfernen: KRAS-G12C-Kohorte' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Einem Projekt zuordnen' }).count()).toBe(0);
  });
});
