import { randomInt } from 'node:crypto';
import { TEXT_LIMITS } from '@ecrf/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.js';
import { randomLetters } from '../support/run-names.js';
import { LocationDialog } from './pages/location-dialog.js';
import { LoginPage } from './pages/login-page.js';
import { PatientCreatePage, type Person } from './pages/patient-create-page.js';
import { PatientsPage } from './pages/patients-page.js';

const browser = useBrowser();
const PREFIX = 'Bei der Kommunikation mit der Mainzelliste ist ein Fehler aufgetreten:';

// A fresh identity per run: the service keeps every registered person.
const hedwig: Person = {
  lastName: `Brandt${randomLetters(6)}`,
  firstName: `Hedwig${randomLetters(3)}`,
  birthDate: `19${randomInt(30, 99)}-0${randomInt(1, 10)}-1${randomInt(0, 10)}`,
  gender: 'weiblich',
  street: 'Rüttenscheider Straße 12',
  zip: '45127',
  city: 'Essen',
};
const germanDate = (iso: string): string => iso.split('-').reverse().join('.');
let pseudonym = '';

async function signIn(page: Page, userName: string, location?: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(userName);
  if (location) await new LocationDialog(page).choose(location);
  await page.waitForURL('**/home');
}

describe('A case manager registers a patient at the pseudonymisation service (issue 6)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
    await signIn(page, 'casemanager', '1001 - Universitätsklinikum Köln');
  });

  it('registers a new patient and lands on the patient with the name beside the pseudonym', async () => {
    // When I open the patient list and choose "Patient anlegen"
    const patients = new PatientsPage(page);
    await patients.open();
    await patients.createButton().click();
    await page.waitForURL('**/patientCreate');
    const create = new PatientCreatePage(page);
    await create.form.waitFor();

    // Then the required fields are marked before I send anything (issue 18, defect 8), without error messages
    const formText = await create.form.innerText();
    expect(formText).toContain('Mit * markierte Felder sind Pflichtfelder.');
    for (const label of ['Nachname', 'Vorname', 'Geburtsdatum', 'Geschlecht', 'Standort', 'Registrierungsdatum']) {
      expect(formText).toMatch(new RegExp(`${label} \\*`));
    }
    expect(formText).not.toContain('Straße und Hausnummer *');
    expect(formText).not.toContain('Pflichtfeld fehlt');

    // Then the selected location and today are preset
    expect(await create.field('Standort').locator('option:checked').innerText()).toBe('1001 - Universitätsklinikum Köln');

    // When I register Hedwig
    await create.register(hedwig);
    await page.waitForURL(/\/patient\/[^/]+$/);

    // Then I see her pseudonym and her name with the birth date
    // The form stays shown while the patient screen loads (router transition): wait for the patient's heading.
    const heading = page.getByRole('heading', { level: 1, name: /^Patient [0-9A-Z]{8}/ });
    pseudonym = /^Patient ([0-9A-Z]{8})/.exec(await heading.innerText())?.[1] ?? '';
    expect(pseudonym).toMatch(/^[0-9A-Z]{8}$/);
    await page.getByText(`${hedwig.lastName}, ${hedwig.firstName} (geb. ${germanDate(hedwig.birthDate)})`).waitFor();
  });

  it('is told of the existing near-duplicate when registering someone it cannot tell apart, and may register anyway', async () => {
    const create = new PatientCreatePage(page);
    await create.open();

    // When I register a Hedwig of the same name, born on another day of another year and living in Berlin (one wrong
    // date part the service matches outright, as the same person; the whole date differing it leaves to the clerk)
    const [year = '', month = '', day = ''] = hedwig.birthDate.split('-');
    const otherYear = `${year.slice(0, 3)}${(Number(year.charAt(3)) + 7) % 10}`;
    // Days 20–28: a date of every month and year.
    const otherDay = day === '19' ? '28' : `2${day.charAt(1)}`;
    await create.register({
      ...hedwig,
      birthDate: `${otherYear}-${month}-${otherDay}`,
      street: 'Chausseestraße 9',
      zip: '10115',
      city: 'Berlin',
    });

    // Then I am told of the unsure match (§5, 409) as an expected outcome, not as a failure of the service
    // (issue 18, defect 8), and shown the pseudonym of the stored patient
    await page.getByText('Mögliche Übereinstimmung gefunden: Bitte prüfen Sie, ob der Patient bereits registriert ist.').waitFor();
    await page.getByText(`Vorhandener Patient mit ähnlichen Daten: ${pseudonym}`).waitFor();
    expect(await page.getByRole('main').innerText()).not.toContain(PREFIX);
    expect(await page.getByRole('link', { name: `Patient ${pseudonym} öffnen` }).getAttribute('href')).toContain('/patient/');
    expect(page.url()).toMatch(/\/patientCreate$/);

    // When I confirm that she is another person, she is registered under a new pseudonym
    await create.confirmNewPatientButton().click();
    await page.waitForURL(/\/patient\/[^/]+$/);
    const other = page.getByRole('heading', { level: 1, name: /^Patient [0-9A-Z]{8}/ });
    expect(await other.innerText()).not.toContain(pseudonym);
  });

  it('takes no more of a field than the service stores, so the service has nothing to refuse (a 400 before)', async () => {
    const create = new PatientCreatePage(page);
    await create.open();
    // The service stores at most 200 characters of an identifying field (TEXT_LIMITS.identityField of the rules).
    const city = create.field('Ort');
    await city.fill(`Essen${randomLetters(200)}`);
    expect(await city.getAttribute('maxlength')).toBe(String(TEXT_LIMITS.identityField));
    expect((await city.inputValue()).length).toBe(TEXT_LIMITS.identityField);
    for (const label of ['Nachname', 'Vorname', 'Geburtsname', 'Straße und Hausnummer', 'Postleitzahl'])
      expect(await create.field(label).getAttribute('maxlength'), label).toBe(String(TEXT_LIMITS.identityField));
  });

  it('sees the name in the patient list', async () => {
    const patients = new PatientsPage(page);
    await patients.open();
    await patients.search(pseudonym);
    const row = patients.row(pseudonym);
    await row.waitFor();
    expect(await row.innerText()).toContain(`${hedwig.lastName}, ${hedwig.firstName}`);
  });
});

describe('A user without the right to read identities (billing, AccountingDigiNet)', () => {
  it('sees only the pseudonym in the patient list', async () => {
    const page = await browser.newPage();
    await signIn(page, 'accountingdiginet', '1001 - Universitätsklinikum Köln');
    const patients = new PatientsPage(page);
    await patients.open();
    expect(await patients.createButton().count()).toBe(0);
    await patients.search(pseudonym);
    await patients.row(pseudonym).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Name' }).count()).toBe(0);
    // billing may not open the patient screen (issue 18, defect 3): the pseudonym is no link
    expect(await patients.row(pseudonym).getByRole('link').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(hedwig.lastName);
  });
});
