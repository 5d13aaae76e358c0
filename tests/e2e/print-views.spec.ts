import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { BaselineForms } from './pages/baseline-forms.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage, demoPassword } from './pages/login-page.js';
import { PatientPages } from './pages/patient-pages.js';
import { PrintView } from './pages/print-view.js';

const browser = useBrowser();
const HEIDELBERG = '3003 - Thoraxklinik Heidelberg';
// The registered, not yet documented Heidelberg patient: no other browser test documents it.
const PSEUDONYM = 'DEMO-3003-3';
const MEANING = 'Ich bestätige die Dokumentation der Baseline.';
let page: Page;
let print: PrintView;
/** The signer as the visit screen names them. */
let signer: string;

describe('A physician prints a signed baseline visit (issue 18, defect 5)', () => {
  beforeAll(async () => {
    page = await browser.newPage();
    const patients = new PatientPages(page);
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('physician');
    await new LocationDialog(page).choose(HEIDELBERG);
    await page.waitForURL('**/home');

    // Given the baseline of a Heidelberg patient with a diagnosis whose day is unknown
    await patients.openPatient(PSEUDONYM);
    await patients.addBaseline({ day: '02', month: '11', year: '2026' });
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();
    await patients.instrumentCard('Diagnose').getByRole('link', { name: 'Anlegen: Diagnose' }).click();
    await page.getByRole('heading', { name: 'Neues Instrument: Diagnose' }).waitFor();
    await patients.fillDate('Diagnosedatum', { day: '', month: '10', year: '2026' });
    await patients.pick('Diagnose (ICD-10-GM)', 'C34.1', 'C34.1 Oberlappen (-Bronchus)');
    await patients.choose('Histologie (ICD-O-3)', '8140/3 Adenokarzinom');
    await patients.save();
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();

    // And two therapy lines, the first ended, and a pneumonitis, each list a grid in the form
    await patients.instrumentCard('Systemische Therapie').getByRole('link', { name: 'Anlegen: Systemische Therapie' }).click();
    await page.getByRole('heading', { name: 'Neues Instrument: Systemische Therapie' }).waitFor();
    const forms = new BaselineForms(page);
    await forms.enter('Systemische Therapie');
    const lines = patients.group('Therapielinien');
    for (const [number, start] of [
      ['1', '01.11.2026'],
      ['2', '21.11.2026'],
    ] as const) {
      await lines.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
      const line = patients.entryRow(`Therapielinie ${number}`, lines);
      await line.getByLabel(/^Nummer der Linie/).fill(number);
      await line.getByLabel(/^Therapieart/).selectOption({ label: 'Chemotherapie' });
      const [day = '', month = '', year = ''] = start.split('.');
      await patients.fillDate('Beginn', { day, month, year }, line);
    }
    const first = patients.entryRow('Therapielinie 1', lines);
    await patients.fillDate('Ende', { day: '20', month: '11', year: '2026' }, first);
    await first.getByLabel(/^Grund des Therapieendes/).selectOption({ index: 1 });
    const events = patients.group('Unerwünschte Ereignisse');
    await events.getByRole('button', { name: 'Pneumonitis hinzufügen' }).click();
    await patients
      .entryRow('Pneumonitis 1', events)
      .getByLabel(/^CTCAE-Grad/)
      .selectOption({ label: 'Grad 2' });
    await patients.save();
    await page.getByRole('heading', { name: 'Baseline' }).waitFor();

    // And the baseline's other instruments documented, so the visit is complete
    await forms.document([
      'Einwilligungen',
      'Raucheranamnese',
      'TNM und UICC-Stadium',
      'Allgemeinzustand (ECOG)',
      'Molekularpathologie',
      'Netzwerkpartner und Standort',
    ]);

    // And the visit signed with a meaning of my own
    await page.getByRole('button', { name: 'Visite signieren' }).click();
    const signDialog = page.getByRole('dialog', { name: 'Visite signieren' });
    await signDialog.getByLabel('Passwort').fill(demoPassword);
    await signDialog.getByLabel('Bedeutung der Signatur').fill(MEANING);
    await signDialog.getByRole('button', { name: 'Signieren' }).click();
    await signDialog.waitFor({ state: 'detached' });
    await page
      .getByRole('main')
      .getByText(/^Signiert von /)
      .first()
      .waitFor();
    signer = /Signiert von (.+) am \d{2}\.\d{2}\.\d{4}/.exec(await page.getByRole('main').innerText())?.[1] ?? '';

    // When I open its print view
    await page.getByRole('link', { name: 'Drucken', exact: true }).click();
    await page.getByRole('heading', { name: `Baseline – Patient ${PSEUDONYM}` }).waitFor();
    print = new PrintView(page);
  });

  // First, while the success message of the signature would still show.
  it('prints no app chrome: no sidebar, top bar, footer or buttons on paper', async () => {
    expect(await print.visibleOnPaper(['button', 'navigation', 'banner', 'contentinfo'])).toEqual([]);
  });

  it('shows the values as text with their labels, in the partial-date notation, and no input widgets', async () => {
    const diagnosis = page.getByRole('region', { name: 'Diagnose', exact: true });
    const text = await diagnosis.innerText();
    expect(text).toMatch(/Diagnosedatum\s+XX\.10\.2026/);
    expect(text).toMatch(/Diagnose \(ICD-10-GM\)\s+C34\.1 Oberlappen \(-Bronchus\)/);
    expect(text).toMatch(/Histologie \(ICD-O-3\)\s+8140\/3 Adenokarzinom/);
    expect(await print.controls()).toBe(0);
    // No date help texts or "Datum unbekannt" choices of the live form.
    expect(await page.getByRole('article').innerText()).not.toContain('Unbekannte Teile leer lassen');
  });

  it('prints the repeating lists as tables: a row per entry, a column per field, hidden fields as not applicable', async () => {
    const lines = page.getByRole('region', { name: 'Therapielinien' }).getByRole('table');
    expect(await lines.getByRole('columnheader').allInnerTexts()).toEqual([
      'Nr.',
      'Nummer der Linie',
      'Intention',
      'Bezug zur Operation',
      'Therapieart',
      'Substanzen (ATC-Codes)',
      'Beginn',
      'Ende',
      'Grund des Therapieendes',
      'Bestes Ansprechen (RECIST 1.1)',
      'Datum der Progression',
    ]);
    const rows = await lines.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^1\s+1\s+–\s+–\s+Chemotherapie\s+–\s+01\.11\.2026\s+20\.11\.2026\s+\S/);
    // The second line has not ended: its reason does not apply.
    expect(rows[2]).toMatch(/21\.11\.2026\s+–\s+nicht zutreffend/);
    const events = page.getByRole('region', { name: 'Unerwünschte Ereignisse' });
    // The treating physician prints by name, never by the id the stored choice holds.
    const therapy = await page.getByRole('region', { name: 'Systemische Therapie' }).innerText();
    expect(therapy).toMatch(/Behandelnde Ärztin \/ behandelnder Arzt\s+\S+ \S+.*, \S/);
    expect(therapy).not.toMatch(/UGVyc29u/);
    const pneumonitis = await events.getByRole('table', { name: 'Pneumonitis' }).getByRole('row').allInnerTexts();
    expect(pneumonitis.map((row) => row.split(/\s+/).join(' '))).toEqual(['Nr. CTCAE-Grad', '1 Grad 2']);
  });

  it("shows the signature manifestation: the signer's name as the visit names them, date and time, and meaning", async () => {
    const signature = await page.getByRole('region', { name: 'Elektronische Signatur' }).innerText();
    expect(signer).not.toBe('');
    expect(signature).toContain(`Signiert von\n${signer}`);
    expect(signature).toMatch(/Datum und Uhrzeit\s+\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(signature).toContain(MEANING);
  });

  it('prints every instrument on its own page, each page with the pseudonym and "Seite n von m"', async () => {
    const pages = await print.pdfPages();
    pages.forEach((text, index) => {
      expect(text).toContain(`Patient ${PSEUDONYM} · Baseline`);
      expect(text).toContain(`Seite ${index + 1} von ${pages.length}`);
    });
    const pageOf = (heading: string) => pages.findIndex((text) => text.includes(heading));
    expect(pageOf('Histologie (ICD-O-3)')).toBeGreaterThanOrEqual(0);
    expect(pageOf('TNM und UICC-Stadium')).toBeGreaterThan(pageOf('Histologie (ICD-O-3)'));
  });

  it('prints the overview sheet the same way: patient data as text, the visit signed, pseudonym and page numbers', async () => {
    await new PatientPages(page).openPatient(PSEUDONYM);
    await page.getByRole('link', { name: 'Übersichtsblatt drucken' }).click();
    await page.getByRole('heading', { name: `Übersichtsblatt Patient ${PSEUDONYM}` }).waitFor();
    expect(await print.controls()).toBe(0);
    expect(await page.getByRole('table').innerText()).toMatch(/Baseline.*Signiert/s);
    const pages = await print.pdfPages();
    pages.forEach((text, index) => {
      expect(text).toContain(`Patient ${PSEUDONYM} · Übersichtsblatt`);
      expect(text).toContain(`Seite ${index + 1} von ${pages.length}`);
    });
  });
});
