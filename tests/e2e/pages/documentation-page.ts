import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

export type DocumentKind = 'Funktionale Spezifikation' | 'eCRF' | 'eCRF-Ansicht' | 'Gesamtdokumentation';

/** The /documentation screen (ecrf-calls.md "Documentation"). */
export class DocumentationPage {
  readonly heading: Locator;
  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Dokumentation', level: 1 });
  }

  definitionSelect(): Locator {
    return this.page.getByLabel('Studiendefinition');
  }

  languageSelect(): Locator {
    return this.page.getByLabel('Sprache');
  }

  /** Clicks the button of a document and returns the downloaded file's name and bytes. */
  async generate(kind: DocumentKind): Promise<{ fileName: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: `${kind} erzeugen` }).click();
    const file = await download;
    return { fileName: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  }

  generatedLinks(): Locator {
    return this.page.getByRole('region', { name: 'Erzeugte Dokumente' }).getByRole('link');
  }
}
