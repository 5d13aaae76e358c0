import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { AppShell } from './pages/app-shell.js';
import { BaselineForms } from './pages/baseline-forms.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage, demoPassword } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';

const browser = useBrowser();
let page: Page;

beforeEach(async () => {
  page = await browser.newPage();
});

async function signInAt(target: Page, userName: string, location: string): Promise<void> {
  const login = new LoginPage(target);
  await login.open();
  await login.signIn(userName);
  await new LocationDialog(target).choose(location);
  await target.waitForURL('**/home');
}

const KOELN = '1001 - Universitätsklinikum Köln';
const ESSEN = '2002 - Klinikum Essen';

describe('A physician documents a demo patient', () => {
  it('creates the baseline, fills diagnosis, staging and consent 4.1 by the rules, signs; a follow-up is deleted with a reason; the visit prints', async () => {
    const patients = new PatientPages(page);
    await signInAt(page, 'physician', KOELN);

    // Given the registered, not yet documented demo patient of Köln
    await patients.openPatient('DEMO-1001-3');
    expect(await page.getByRole('main').innerText()).toContain('Noch keine Visiten dokumentiert.');

    // When I create the baseline visit
    await patients.newVisit('Baseline');
    await page.getByRole('heading', { name: 'Neue Visite: Baseline' }).waitFor();
    // the date is asked once, in the definition's own date field (issue 18, defect 8)
    expect(await page.getByLabel('Visitendatum').count()).toBe(0);
    await patients.fillDate('Datum der Baseline-Visite', { day: '02', month: '11', year: '2026' });
    await patients.save();
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();

    // And fill the diagnosis: a histology "other" asks for the morphology code, a listed one does not
    await patients.instrumentCard('Diagnose').getByRole('link', { name: 'Anlegen: Diagnose' }).click();
    await page.getByRole('heading', { name: 'Neues Instrument: Diagnose' }).waitFor();
    await patients.fillDate('Diagnosedatum', { day: '15', month: '10', year: '2026' });
    await patients.pick('Diagnose (ICD-10-GM)', 'oberlappen', 'C34.1 Oberlappen (-Bronchus)');
    expect(await patients.field('Morphologie-Code').count()).toBe(0);
    await patients.choose('Histologie (ICD-O-3)', 'Andere Histologie');
    await patients.field('Morphologie-Code').waitFor();
    await patients.pick('Morphologie-Code', 'lepidisch', '8250/3 Lepidisches Adenokarzinom');
    await patients.choose('Histologie (ICD-O-3)', '8140/3 Adenokarzinom');
    await patients.field('Morphologie-Code').waitFor({ state: 'detached' });
    await patients.save();
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();

    // And the staging: M0 asks for the UICC stage, M1c derives it and asks for the metastasis sites instead
    await patients.instrumentCard('TNM und UICC-Stadium').getByRole('link', { name: 'Anlegen: TNM und UICC-Stadium' }).click();
    await page.getByRole('heading', { name: 'Neues Instrument: TNM und UICC-Stadium' }).waitFor();
    await patients.choose('TNM-Auflage', 'TNM 8. Auflage');
    await patients.choose('T', 'T2a');
    await patients.choose('N', 'N1');
    await patients.choose('M', 'M0');
    await patients.field('UICC-Stadium').waitFor();
    await patients.choose('M', 'M1c');
    await patients.field('UICC-Stadium').waitFor({ state: 'detached' });
    await patients.group('Lokalisation der Fernmetastasen').waitFor();
    await expect.poll(() => patients.field('UICC-Stadium (abgeleitet)').inputValue()).toBe('IVB');
    await patients.save();
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();

    // And the consent 4.1: a withdrawal asks for its date, another change reason does not
    await patients.instrumentCard('Einwilligungen').getByRole('link', { name: 'Anlegen: Einwilligungen' }).click();
    await page.getByRole('heading', { name: 'Neues Instrument: Einwilligungen' }).waitFor();
    const forms = new BaselineForms(page);
    const entry = await forms.consent41(patients.group('Einwilligung Version 4.1'));
    await patients.choose('Änderungsgrund', 'Widerruf durch die Patientin / den Patienten', entry);
    await patients.group('Datum des Widerrufs', entry).waitFor();
    await patients.choose('Änderungsgrund', 'Korrektur einer Angabe', entry);
    await patients.group('Datum des Widerrufs', entry).waitFor({ state: 'detached' });
    await patients.save();
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();

    // Then after a reload the three instruments are complete, and the visit is not yet signable
    await page.reload();
    for (const name of ['Diagnose', 'TNM und UICC-Stadium', 'Einwilligungen']) {
      await expect.poll(() => patients.instrumentCard(name).innerText()).toContain('Vollständig');
    }
    expect(await page.getByRole('button', { name: 'Visite signieren' }).isDisabled()).toBe(true);

    // When the baseline's other instruments are documented too
    await forms.document([
      'Raucheranamnese',
      'Allgemeinzustand (ECOG)',
      'Molekularpathologie',
      'Systemische Therapie',
      'Netzwerkpartner und Standort',
    ]);

    // When I sign the visit with my password
    await page.getByRole('button', { name: 'Visite signieren' }).click();
    const signDialog = page.getByRole('dialog', { name: 'Visite signieren' });
    await signDialog.getByLabel('Passwort').fill(demoPassword);
    await signDialog.getByRole('button', { name: 'Signieren' }).click();
    await signDialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Signiert von Dr. Paul Arzt (Arzt) am ');

    // And the print view shows the documented visit
    await page.getByRole('link', { name: 'Drucken', exact: true }).click();
    await page.getByRole('heading', { name: 'Baseline – Patient DEMO-1001-3' }).waitFor();
    expect(await page.getByRole('region', { name: 'Diagnose', exact: true }).innerText()).toMatch(
      /Histologie \(ICD-O-3\)\s+8140\/3 Adenokarzinom/,
    );
    expect(await page.getByRole('region', { name: 'TNM und UICC-Stadium' }).innerText()).toMatch(/UICC-Stadium \(abgeleitet\)\s+IVB/);

    // When I add a follow-up visit
    await patients.openPatient('DEMO-1001-3');
    await patients.newVisit('Follow-up');
    await page.getByRole('heading', { name: 'Neue Visite: Follow-up' }).waitFor();
    await patients.fillDate('Datum der Follow-up-Visite', { day: '20', month: '11', year: '2026' });
    await patients.save();
    await page.getByRole('heading', { name: 'Follow-up' }).waitFor();
    await new AppShell(page).signOut();

    // Then the data manager deletes it with a reason
    const dataManager = await browser.newPage();
    await signInAt(dataManager, 'datamanager', KOELN);
    const asDataManager = new PatientPages(dataManager);
    await asDataManager.openPatient('DEMO-1001-3');
    await asDataManager.visitCard('Follow-up').getByRole('link', { name: 'Follow-up' }).click();
    await dataManager.getByRole('link', { name: 'Visite löschen' }).click();
    await dataManager.getByRole('heading', { name: 'Visite löschen: Follow-up' }).waitFor();
    await dataManager.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect.poll(() => dataManager.getByRole('main').innerText()).toContain('Bitte geben Sie einen Grund an.');
    await dataManager.getByLabel(/Grund der Änderung/).fill('Versehentlich angelegt');
    await dataManager.getByRole('button', { name: 'Endgültig löschen' }).click();
    await dataManager.getByRole('heading', { name: 'Patient DEMO-1001-3' }).waitFor();
    const visits = await dataManager.getByRole('region', { name: 'Visiten' }).innerText();
    expect(visits).toContain('Baseline');
    expect(visits).not.toContain('Follow-up');
  });
});

describe('Two sessions edit the same instrument', () => {
  it('refuses the second save with a German message and keeps what the first saved', async () => {
    const first = page;
    const second = await browser.newPage();
    await signInAt(first, 'physician', ESSEN);
    await signInAt(second, 'physician', ESSEN);
    const one = new PatientPages(first);
    const two = new PatientPages(second);

    // Given a diagnosis documented at the baseline of DEMO-2002-1
    await one.openPatient('DEMO-2002-1');
    await one.visitCard('Baseline').getByRole('link', { name: 'Baseline' }).click();
    await one.instrumentCard('Diagnose').getByRole('link', { name: 'Anlegen: Diagnose' }).click();
    await one.fillDate('Diagnosedatum', { day: '01', month: '03', year: '2022' });
    await one.pick('Diagnose (ICD-10-GM)', 'C34.3', 'C34.3 Unterlappen (-Bronchus)');
    await one.choose('Histologie (ICD-O-3)', '8070/3 Plattenepithelkarzinom');
    await one.save();
    await first.getByRole('heading', { name: 'Baseline' }).waitFor();

    // When both sessions open it
    for (const [target, pages] of [
      [first, one],
      [second, two],
    ] as const) {
      await pages.openPatient('DEMO-2002-1');
      await pages.visitCard('Baseline').getByRole('link', { name: 'Baseline' }).click();
      await pages.instrumentCard('Diagnose').getByRole('link', { name: 'Bearbeiten: Diagnose' }).click();
      await target.getByRole('heading', { name: 'Diagnose' }).waitFor();
    }

    // And the first saves a grading, then the second a laterality
    // (the diagnosis is complete: a change needs a reason)
    await one.choose('Grading', 'G2 mäßig differenziert');
    await first.getByLabel(/Grund der Änderung/).fill('Befund nachgereicht');
    await one.save();
    await first.getByRole('heading', { name: 'Baseline' }).waitFor();
    await two.choose('Seitenlokalisation', 'rechts');
    await second.getByLabel(/Grund der Änderung/).fill('Seite ergänzt');
    await two.save();

    // Then the second save is refused in German and the second user's input stays on screen
    const refusal = second.getByRole('main');
    await expect.poll(() => refusal.innerText()).toContain('Speichern abgelehnt');
    expect(await refusal.innerText()).toMatch(/zwischenzeitlich|inzwischen|geändert/);
    expect(await two.field('Seitenlokalisation').inputValue()).not.toBe('');

    // And loading the current state shows the first session's grading, saved and not overwritten
    await second.getByRole('button', { name: /Aktuellen Stand laden/ }).click();
    await expect.poll(async () => await two.field('Grading').locator('option:checked').innerText()).toBe('G2 mäßig differenziert');
    expect(await two.field('Seitenlokalisation').inputValue()).toBe('');
  });
});
