import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** `gender` is the German label of the select (männlich, weiblich, divers, unbestimmt, unbekannt). */
export type Person = {
  lastName: string;
  firstName: string;
  birthDate: string;
  gender: string;
  street?: string;
  zip?: string;
  city?: string;
};

/** /patientCreate: the master data and registration form (issue 6). */
export class PatientCreatePage {
  readonly form: Locator;
  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Patient anlegen' });
  }

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/patientCreate`);
    await this.form.waitFor();
  }

  /** Fills the master data of a person without insurance number and sends the form. */
  async register(person: Person): Promise<void> {
    await this.form.getByLabel('Nachname', { exact: true }).fill(person.lastName);
    await this.form.getByLabel('Vorname', { exact: true }).fill(person.firstName);
    await this.form.getByLabel('Geburtsdatum', { exact: true }).fill(person.birthDate);
    await this.form.getByLabel('Geschlecht', { exact: true }).selectOption({ label: person.gender });
    await this.form.getByLabel('Straße und Hausnummer', { exact: true }).fill(person.street ?? '');
    await this.form.getByLabel('Postleitzahl', { exact: true }).fill(person.zip ?? '');
    await this.form.getByLabel('Ort', { exact: true }).fill(person.city ?? '');
    await this.form.getByLabel('Versicherungsstatus', { exact: true }).selectOption({ label: 'Keine Versichertennummer' });
    await this.form.getByRole('button', { name: 'Patient anlegen' }).click();
  }

  confirmNewPatientButton(): Locator {
    return this.page.getByRole('button', { name: 'Trotzdem als neuen Patienten anlegen' }).filter({ visible: true });
  }
}
