import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** /possible-matches: the review list of possible matches (issue 17). */
export class PossibleMatchesPage {
  readonly heading: Locator;
  constructor(readonly page: Page) {
    this.heading = page.getByRole('main').getByRole('heading', { level: 1, name: 'Mögliche Dubletten' });
  }

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/possible-matches`);
    await this.heading.waitFor();
  }

  /** The pair of the tentative patient and the stored one, by their pseudonyms. */
  pair(tentative: string, candidate: string): Locator {
    return this.page.getByRole('article', { name: `Mögliche Dublette: ${tentative} und ${candidate}` });
  }

  /** The values of one row of a pair ("Nachname", "Pseudonym", …): the tentative patient's, then the stored one's. */
  async row(pair: Locator, label: string): Promise<string[]> {
    return pair
      .getByRole('row', { name: new RegExp(`^${label}`) })
      .getByRole('cell')
      .allInnerTexts();
  }

  /** Decides the pair ('Dieselbe Person' or 'Verschiedene Personen') with a reason in the dialog. */
  async decide(pair: Locator, decision: 'Dieselbe Person' | 'Verschiedene Personen', reason: string): Promise<void> {
    await pair.getByRole('button', { name: decision }).click();
    const dialog = this.page.getByRole('dialog', { name: decision });
    await dialog.getByLabel(/^Begründung/).fill(reason);
    await dialog.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
