import type { Locator, Page } from 'playwright-core';

/** The audit screens (/admin/audittrail, /auditLog): entries with their changes old → new. */
export class AuditPage {
  constructor(readonly page: Page) {}

  /** Rows of the record history section shown for `?record=`. */
  historyRows(): Locator {
    return this.page.getByRole('table', { name: 'Verlauf des Datensatzes' }).locator(':scope > tbody > tr');
  }

  /** The change rows (field, old, new) inside an entry row, as text triples. */
  async changesOf(entry: Locator): Promise<string[][]> {
    const rows = entry.getByRole('table', { name: 'Änderungen' }).locator('tbody tr');
    const result: string[][] = [];
    for (const row of await rows.all()) result.push((await row.locator('td').allInnerTexts()).map((text) => text.trim()));
    return result;
  }
}
