import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

export type NewUser = { userName: string; displayName: string; role: string; password: string; firstName?: string; lastName?: string };

/** /admin/usersadmin: the user table, its dialogs and row actions. */
export class UsersAdminPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/admin/usersadmin`);
    await this.page.getByRole('heading', { name: 'Administration: Nutzer' }).waitFor();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async create(user: NewUser): Promise<void> {
    await this.page.getByRole('button', { name: 'Nutzer anlegen' }).click();
    const dialog = this.dialog();
    await dialog.getByLabel('Benutzername').fill(user.userName);
    await dialog.getByLabel('Anzeigename').fill(user.displayName);
    await dialog.getByLabel('Rolle').selectOption({ label: user.role });
    if (user.firstName) await dialog.getByLabel('Vorname').fill(user.firstName);
    if (user.lastName) await dialog.getByLabel('Nachname').fill(user.lastName);
    await dialog.getByLabel('Passwort', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Suche' }).fill(text);
  }

  row(userName: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name: userName, exact: true }) });
  }

  /** Chooses an action of the user's row menu ('Bearbeiten' is a button of its own). */
  async act(action: string, userName: string): Promise<void> {
    if (action === 'Bearbeiten') {
      await this.page.getByRole('button', { name: `${action}: ${userName}` }).click();
      return;
    }
    await this.page.getByRole('button', { name: `Weitere Aktionen: ${userName}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  /** Answers Primer's confirmation dialog. */
  async confirm(button: string): Promise<void> {
    await this.page.getByRole('alertdialog').getByRole('button', { name: button }).click();
  }
}
