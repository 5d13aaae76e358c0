import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** Konfiguration: Exporte (/safety/generic-exports): the list of definitions and the editor below it. */
export class GenericExportsPage {
  readonly list: Locator;
  constructor(readonly page: Page) {
    this.list = page.getByRole('table', { name: 'Konfiguration: Exporte' });
  }

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/safety/generic-exports`);
    await this.page.getByRole('heading', { name: 'Konfiguration: Exporte', level: 1 }).waitFor();
  }

  row(name: string): Locator {
    return this.list.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  editor(title: string | RegExp): Locator {
    return this.page.getByRole('form', { name: title });
  }

  cronMessage(editor: Locator): Locator {
    return editor.getByText('Cron Syntax', { exact: true });
  }

  async addItem(editor: Locator, filter: string, name: string): Promise<void> {
    await editor.getByLabel('Datenelemente filtern').fill(filter);
    await editor.getByRole('button', { name: `Hinzufügen: ${name}` }).click();
  }

  chosenItems(editor: Locator): Locator {
    return editor.getByRole('list', { name: 'Gewählte Datenelemente (Spaltenreihenfolge)' }).getByRole('listitem');
  }
}
