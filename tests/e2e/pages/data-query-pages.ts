import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** The query dialog of a patient, visit, instrument or field (issue 11): its queries and the form to raise one. */
export class QueryDialog {
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Queries: / });
  }

  /** One query of the dialog, by its title. */
  card(title: string): Locator {
    return this.page.getByRole('article', { name: title });
  }

  /** The thread of a query as shown: one text per step. */
  async thread(title: string): Promise<string[]> {
    return this.card(title).getByRole('listitem').allInnerTexts();
  }

  async raise({ type, title, text }: { type: string; title: string; text: string }): Promise<void> {
    const form = this.dialog.getByRole('form', { name: 'Neue Query' });
    await form.getByLabel('Query-Typ').selectOption({ label: type });
    await form.getByLabel('Titel').fill(title);
    await form.getByLabel('Text').fill(text);
    await form.getByRole('button', { name: 'Query stellen' }).click();
  }

  /** Takes an action (Beantworten, Akzeptieren, …) on a query, with its text. */
  async act(title: string, action: string, text = ''): Promise<void> {
    const card = this.card(title);
    await card.getByRole('button', { name: `${action}: ${title}` }).click();
    const form = card.getByRole('form', { name: `${action}: ${title}` });
    if (text !== '') await form.getByRole('textbox').fill(text);
    await form.getByRole('button', { name: action }).click();
    await form.waitFor({ state: 'detached' });
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
  }
}

/** /query-overview (issue 11). */
export class QueryOverviewPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/query-overview`);
    await this.page.getByRole('heading', { name: 'Query Übersicht', level: 1 }).waitFor();
  }

  queryButton(title: string): Locator {
    return this.page.getByRole('button', { name: `Query öffnen: ${title}` });
  }
}
