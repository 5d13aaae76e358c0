import type { Locator, Page } from 'playwright-core';

/** The Standortauswahl dialog (ecrf-core.md §2). */
export class LocationDialog {
  readonly dialog: Locator;
  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Standortauswahl' });
  }

  okButton(): Locator {
    return this.dialog.getByRole('button', { name: 'OK' });
  }

  async offeredLocations(): Promise<string[]> {
    const radios = this.dialog.getByRole('radio');
    const labels: string[] = [];
    for (const radio of await radios.all()) {
      const id = await radio.getAttribute('id');
      labels.push((await this.dialog.locator(`label[for="${id}"]`).innerText()).trim());
    }
    return labels;
  }

  async choose(label: string): Promise<void> {
    await this.dialog.getByRole('radio', { name: label }).check();
    await this.okButton().click();
  }
}
