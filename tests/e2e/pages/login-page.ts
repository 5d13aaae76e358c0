import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The demo password of every seeded demo user. */
export const demoPassword = 'Demo-Passwort1';

export class LoginPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/`);
    await this.page.getByRole('button', { name: 'Anmelden' }).waitFor();
  }

  async signIn(userName: string, password = demoPassword): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Benutzername' }).fill(userName);
    await this.page.getByLabel('Passwort', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Anmelden' }).click();
  }
}
