import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** A file the user picks in the upload dialog. */
export type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/** The document screens /newsDocuments, /documents and /legendDocuments with their upload dialogs. */
export class NewsDocumentsPage {
  constructor(readonly page: Page) {}

  /** The list of a screen, named by its heading (News, Dokumente, Legende). */
  table(heading: string): Locator {
    return this.page.getByRole('table', { name: heading });
  }

  row(title: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** "News hochladen" / "Dokument hochladen": title, identifier and the file, then Hochladen. */
  async upload(button: string, document: { title: string; identifier: string; description?: string; tags?: string }, file: PickedFile) {
    await this.page.getByRole('button', { name: button }).click();
    const dialog = this.page.getByRole('dialog', { name: button });
    await dialog.getByLabel('Titel').fill(document.title);
    await dialog.getByLabel('Kennung').fill(document.identifier);
    if (document.description) await dialog.getByLabel('Beschreibung').fill(document.description);
    if (document.tags) await dialog.getByLabel('Schlagwörter').fill(document.tags);
    await dialog.getByLabel('Datei').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Hochladen' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async uploadNewVersion(title: string, file: PickedFile): Promise<void> {
    await this.page.getByRole('button', { name: `Neue Version hochladen: ${title}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Neue Version: ${title}` });
    await dialog.getByLabel('Datei').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Hochladen' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Downloads the newest version of a document; answers the file name and the bytes the browser saved. */
  async download(title: string): Promise<{ fileName: string; content: Buffer }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: `Herunterladen: ${title}` }).click(),
    ]);
    return { fileName: download.suggestedFilename(), content: await readFile(await download.path()) };
  }
}

/** 'Weiterleitung zu News' after sign-in (ecrf-core.md §2). */
export class NewsRedirectDialog {
  readonly dialog: Locator;
  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Weiterleitung zu News' });
  }

  async confirm(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'OK' }).click();
  }
}
