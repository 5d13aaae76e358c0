import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** The /imports screen (sidebar "OncoBox Import", ecrf-calls.md §7 "Onkozert"). */
export class OnkozertImportPage {
  readonly heading: Locator;
  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'OncoBox Import', level: 1 });
  }

  async chooseLocation(label: string): Promise<void> {
    await this.page.getByLabel('Standort').selectOption({ label });
  }

  async upload(fileName: string, content: string): Promise<void> {
    await this.page.getByLabel('Datei').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
    await this.page.getByRole('button', { name: 'Hochladen' }).click();
  }

  report(): Locator {
    return this.page.getByRole('region', { name: /Ergebnis des Imports/ });
  }

  /** The rows of the report's table of refused rows: [row, column, message]. */
  async rejectedRows(): Promise<string[][]> {
    const rows = this.report().getByRole('row');
    const texts: string[][] = [];
    for (const row of (await rows.all()).slice(1)) texts.push((await row.getByRole('cell').allInnerTexts()).map((cell) => cell.trim()));
    return texts;
  }

  importsTable(): Locator {
    return this.page.getByRole('table', { name: 'Bisherige Importe' });
  }

  /** Clicks an import's download button and returns the downloaded file's name and text. */
  async download(fileName: string): Promise<{ fileName: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.page
      .getByRole('button', { name: `${fileName} herunterladen` })
      .first()
      .click();
    const file = await download;
    return { fileName: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  }
}
