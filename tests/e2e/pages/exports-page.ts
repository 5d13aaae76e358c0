import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** The /exports screen (sidebar "Exporte", ecrf-calls.md §7 "Exports"). */
export class ExportsPage {
  readonly heading: Locator;
  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Exporte', level: 1 });
  }

  /** `days`: dates entered as Tag, Monat and Jahr (yyyy-MM-dd by the group's label). */
  async start(
    kind: string,
    options: { check?: string[]; dates?: Record<string, string>; days?: Record<string, string> } = {},
  ): Promise<void> {
    await this.page.getByLabel('Exportart').selectOption({ label: kind });
    for (const label of options.check ?? []) await this.page.getByLabel(label).check();
    for (const [label, day] of Object.entries(options.dates ?? {})) await this.page.getByLabel(label, { exact: true }).fill(day);
    for (const [label, day] of Object.entries(options.days ?? {})) {
      const [year = '', month = '', date = ''] = day.split('-');
      const group = this.page.getByRole('group', { name: label });
      await group.getByLabel('Tag').fill(date);
      await group.getByLabel('Monat').fill(month);
      await group.getByLabel('Jahr').fill(year);
    }
    await this.page.getByRole('button', { name: 'Export starten' }).click();
  }

  /** The id of the newest job, or '' without jobs: marks what was there before a start. */
  async newestJobId(): Promise<string> {
    return (
      (await this.page
        .locator('table tbody tr[data-job-id]')
        .first()
        .getAttribute('data-job-id', { timeout: 2_000 })
        .catch(() => null)) ?? ''
    );
  }

  /**
   * Waits until the newest job is another one than `before` (the list shows a page of jobs, so counting rows does not
   * tell) and has completed.
   */
  async waitForNewestCompleted(before: string): Promise<void> {
    await this.page.waitForFunction(
      (previous) => {
        const newest = document.querySelector('table tbody tr[data-job-state]');
        return newest !== null && newest.getAttribute('data-job-id') !== previous && newest.getAttribute('data-job-state') === 'COMPLETED';
      },
      before,
      { timeout: 60_000 },
    );
  }

  /** The newest job's row (the list is newest first). */
  newestJob(): Locator {
    return this.page.getByRole('table', { name: 'Exportdateien' }).locator('tbody tr').first();
  }

  /**
   * Records every value the progress bar of the job started after `before` takes from now on, in the page, so a test
   * can see the bar move without polling fast enough to catch each step. The jobs listed before are not watched: an
   * earlier export of the shared database shows its bar at 100 %.
   */
  async recordProgress(before: string): Promise<void> {
    await this.page.evaluate((previous) => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      const record = () => {
        const newest = document.querySelector('table tbody tr[data-job-id]');
        if (newest === null || newest.getAttribute('data-job-id') === previous) return;
        const value = newest.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen.at(-1) !== value) seen.push(value);
      };
      record();
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    }, before);
  }

  async progressSeen(): Promise<number[]> {
    return (await this.page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).map(Number);
  }

  /** Clicks the newest job's download and returns the downloaded file. */
  async downloadNewest(): Promise<{ fileName: string; content: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.newestJob()
      .getByRole('button', { name: /herunterladen$/ })
      .click();
    const file = await download;
    return { fileName: file.suggestedFilename(), content: await readFile(await file.path()) };
  }
}
