import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** /patients: the patient table of the study. */
export class PatientsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/patients`);
    await this.page.getByRole('heading', { name: 'Patienten', level: 1 }).waitFor();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Suche' }).fill(text);
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Patienten' });
  }

  /** The patient's row, by its pseudonym: a link for roles that may open the patient, plain text otherwise. */
  row(pseudonym: string): Locator {
    return this.table().getByRole('row').filter({ hasText: pseudonym });
  }

  createButton(): Locator {
    return this.page.getByRole('link', { name: 'Patient anlegen' });
  }
}
