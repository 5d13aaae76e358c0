import type { Locator, Page } from 'playwright-core';

/** The account popup with the password change form (ecrf-core.md §2, §5). */
export class AccountDialog {
  readonly dialog: Locator;
  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Benutzerkonto' });
  }

  field(label: 'Altes Passwort' | 'Neues Passwort' | 'Neues Passwort wiederholen'): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  showInClear(): Locator {
    return this.dialog.getByRole('checkbox', { name: 'Passwort anzeigen' });
  }

  submit(): Locator {
    return this.dialog.getByRole('button', { name: 'Passwort ändern' });
  }

  async fill(oldPassword: string, newPassword: string, repeat: string): Promise<void> {
    await this.field('Altes Passwort').fill(oldPassword);
    await this.field('Neues Passwort').fill(newPassword);
    await this.field('Neues Passwort wiederholen').fill(repeat);
    await this.field('Neues Passwort wiederholen').blur();
  }
}
