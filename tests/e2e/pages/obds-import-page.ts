import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** The oBDS part of /imports (sidebar "oBDS-Import"; docs/obds-import.md): upload, review per message, accept. */
export class ObdsImportPage {
  readonly form: Locator;
  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'oBDS-Import' });
  }

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/imports`);
    await this.form.waitFor();
  }

  async upload(fileName: string, content: string): Promise<void> {
    await this.form
      .getByLabel('oBDS-Meldungen (XML)')
      .setInputFiles({ name: fileName, mimeType: 'application/xml', buffer: Buffer.from(content, 'utf8') });
    await this.form.getByRole('button', { name: 'Datei importieren' }).click();
  }

  /** The refusal of the file, with the schema's messages. */
  refusal(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Die Datei entspricht nicht dem oBDS-Schema' });
  }

  /** An earlier import's row in „Bisherige oBDS-Importe“ by its file name. */
  importRow(fileName: string): Locator {
    return this.page.getByRole('table', { name: 'Bisherige oBDS-Importe' }).getByRole('row').filter({ hasText: fileName });
  }

  /** A message of the import by its Meldung_ID. */
  message(messageId: string): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^Meldung ${messageId}:`) });
  }

  /** A proposal's table by its caption (the instrument's label), each row as [field, proposed, current, take]. */
  async rows(message: Locator, caption: string): Promise<string[][]> {
    const table = message.getByRole('table', { name: caption });
    const rows: string[][] = [];
    for (const row of (await table.getByRole('row').all()).slice(1)) {
      const header = (await row.getByRole('rowheader').innerText()).trim();
      const cells = (await row.getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
      rows.push([header, ...cells]);
    }
    return rows;
  }
}
