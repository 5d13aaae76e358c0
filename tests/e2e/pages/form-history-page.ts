import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The instrument screen's "Änderungshistorie" and "Stand vom …" (issue 25 item 5). */
export class FormHistoryPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Änderungshistorie' }).click();
    await this.table.waitFor();
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Änderungshistorie' });
  }

  /** The history's rows of a field's changes, by its label (the cell also names the field's path). */
  change(field: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name: new RegExp(`^${field}( |$)`) }) });
  }

  /** The cells of a row by their column header. */
  async cells(row: Locator): Promise<Record<string, string>> {
    const headers = await this.table.getByRole('columnheader').allInnerTexts();
    const cells = await row.getByRole('cell').allInnerTexts();
    return Object.fromEntries(headers.map((header, index) => [header.trim(), (cells[index] ?? '').trim()]));
  }

  /** The instrument as it stood at the chosen moment, framed as a past state. */
  get pastState(): Locator {
    return this.page.getByRole('region', { name: /^Frühere Fassung vom / });
  }

  /** Chooses "Stand vom …" by day and time (empty: the end of the day). */
  async chooseMoment(day: string, month: string, year: string, time = ''): Promise<void> {
    const chooser = this.page.getByRole('form', { name: 'Stand vom …' });
    await chooser.getByLabel('Tag').fill(day);
    await chooser.getByLabel('Monat').fill(month);
    await chooser.getByLabel('Jahr').fill(year);
    await chooser.getByLabel('Uhrzeit (hh:mm)').fill(time);
    await chooser.getByRole('button', { name: 'Stand anzeigen' }).click();
  }

  /** WCAG 2.1 A/AA violations axe-core finds in the screen's main area: rule id and impact. */
  async accessibilityViolations(): Promise<string[]> {
    await this.page.addScriptTag({ content: axeSource });
    return this.page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Element | null, options: object) => Promise<{ violations: { id: string; impact: string }[] }> };
        }
      ).axe;
      const result = await axe.run(document.querySelector('main'), { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
      return result.violations.map((violation) => `${violation.id} (${violation.impact})`);
    });
  }
}
