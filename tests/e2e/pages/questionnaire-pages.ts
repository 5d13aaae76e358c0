import type { Locator, Page } from 'playwright-core';

/** The questionnaires section of the patient screen and the access dialog (web/src/questionnaires). */
export class QuestionnaireSection {
  constructor(readonly page: Page) {}

  get region(): Locator {
    return this.page.getByRole('region', { name: 'Fragebögen' });
  }

  /** Creates a patient access and reads the link and code the dialog shows once; closes the dialog. */
  async createPatientAccess(): Promise<{ link: string; code: string; expiry: string }> {
    await this.region.getByRole('button', { name: 'Patientenzugang erstellen' }).click();
    await this.page.getByRole('dialog', { name: 'Patientenzugang erstellen' }).getByRole('button', { name: 'Zugang erstellen' }).click();
    const created = this.page.getByRole('dialog', { name: /^Zugang für Patient / });
    const link = (await created.getByLabel('Link', { exact: true }).innerText()).trim();
    const code = (await created.getByLabel('Zugangscode', { exact: true }).innerText()).trim();
    const expiry = (await created.getByText(/^Gültig bis /).innerText()).trim();
    await created.getByRole('button', { name: 'Schließen' }).click();
    await created.waitFor({ state: 'detached' });
    return { link, code, expiry };
  }

  /** The table row of the newest interview of the questionnaire. */
  row(questionnaire: string): Locator {
    return this.region.getByRole('row').filter({ hasText: questionnaire }).first();
  }
}

/** The public questionnaire page /fragebogen/{code} as a patient sees it. */
export class PatientQuestionnairePage {
  constructor(readonly page: Page) {}

  item(number: number): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^${number}\\. `) });
  }

  async answer(number: number, option: string): Promise<void> {
    await this.item(number).getByLabel(option, { exact: true }).check();
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Antworten absenden' }).click();
  }
}
