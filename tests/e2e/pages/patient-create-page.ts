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

  /** A field by its label; the registration marks required fields with a visible ' *'. */
  field(label: string): Locator {
    return this.form.getByLabel(new RegExp(`^${label}( \\*)?$`));
  }

  /** A date as Tag, Monat, Jahr (the group is named by its label, without the visible mark). */
  async fillDate(label: string, isoDate: string): Promise<void> {
    const [year = '', month = '', day = ''] = isoDate.split('-');
    const group = this.form.getByRole('group', { name: label, exact: true });
    await group.getByRole('textbox', { name: 'Tag' }).fill(day);
    await group.getByRole('textbox', { name: 'Monat' }).fill(month);
    await group.getByRole('textbox', { name: 'Jahr' }).fill(year);
  }

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/patientCreate`);
    await this.form.waitFor();
  }

  /** Fills the master data of a person without insurance number and sends the form. */
  async register(person: Person): Promise<void> {
    await this.field('Nachname').fill(person.lastName);
    await this.field('Vorname').fill(person.firstName);
    await this.fillDate('Geburtsdatum', person.birthDate);
    await this.field('Geschlecht').selectOption({ label: person.gender });
    await this.field('Straße und Hausnummer').fill(person.street ?? '');
    await this.field('Postleitzahl').fill(person.zip ?? '');
    await this.field('Ort').fill(person.city ?? '');
    await this.field('Versicherungsstatus').selectOption({ label: 'Keine Versichertennummer' });
    await this.form.getByRole('button', { name: 'Patient anlegen' }).click();
  }

  confirmNewPatientButton(): Locator {
    return this.page.getByRole('button', { name: 'Trotzdem als neuen Patienten anlegen' }).filter({ visible: true });
  }
}
