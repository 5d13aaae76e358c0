import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** /institutes: institutes with their locations and assigned users. */
export class InstitutesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/institutes`);
    await this.page.getByRole('heading', { name: 'Administration: Zentren' }).waitFor();
  }

  institute(label: string): Locator {
    return this.page.getByRole('article', { name: label });
  }

  async assign(label: string, userOption: string): Promise<void> {
    await this.page.getByRole('button', { name: `Nutzer zuordnen: ${label}` }).click();
    const picker = this.page.getByLabel(`Nutzer zuordnen: ${label}`);
    await picker.waitFor();
    await picker.selectOption({ label: userOption });
    await this.institute(label).getByRole('button', { name: 'Zuordnen' }).click();
  }
}
