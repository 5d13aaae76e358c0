import type { Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A print view (ecrf-core.md §2: …/print, …/printOverviewSheet) as the screen and as Chromium prints it. */
export class PrintView {
  constructor(readonly page: Page) {}

  /** Form controls inside the printed document: a document has none. */
  controls(): Promise<number> {
    return this.page.getByRole('article').locator('input, select, textarea, [role="combobox"], [role="checkbox"]').count();
  }

  /** Elements of the given roles a reader would see on paper (print media emulated). */
  async visibleOnPaper(roles: readonly ('button' | 'navigation' | 'banner' | 'contentinfo' | 'link')[]): Promise<string[]> {
    await this.page.emulateMedia({ media: 'print' });
    const seen: string[] = [];
    for (const role of roles) {
      for (const element of await this.page.getByRole(role).all()) {
        if (await element.isVisible()) seen.push(`${role}: ${await element.evaluate((node) => node.outerHTML.slice(0, 160))}`);
      }
    }
    await this.page.emulateMedia({ media: 'screen' });
    return seen;
  }

  /** The text of each page of the A4 PDF Chromium prints, margin boxes included. */
  async pdfPages(): Promise<string[]> {
    const pdf = await this.page.pdf({ format: 'A4', preferCSSPageSize: true });
    const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    await document.destroy();
    return pages;
  }
}
