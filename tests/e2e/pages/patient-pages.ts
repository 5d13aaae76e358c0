import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

type DateParts = { day: string; month: string; year: string };

/** The patient documentation screens (ecrf-core.md §2): patient list, patient, visit and the forms. */
export class PatientPages {
  constructor(readonly page: Page) {}

  async openPatient(pseudonym: string): Promise<void> {
    await this.page.goto(`${inject('baseUrl')}/patients`);
    await this.page.getByRole('searchbox', { name: 'Suche' }).fill(pseudonym);
    await this.page.getByRole('link', { name: `Patient ${pseudonym} öffnen` }).click();
    await this.page.getByRole('heading', { name: `Patient ${pseudonym}` }).waitFor();
  }

  /** Adds the baseline visit of the date from the patient screen and saves it (the caller waits for the outcome). */
  async addBaseline(date: DateParts): Promise<void> {
    await this.newVisit('Baseline');
    await this.page.getByRole('heading', { name: 'Neue Visite: Baseline' }).waitFor();
    await this.fillDate('Datum der Baseline-Visite', date);
    await this.save();
  }

  /** Starts a new visit from the patient screen's menu. */
  async newVisit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Neue Visite' }).click();
    await this.page.getByRole('menuitem', { name, exact: true }).click();
  }

  visitCard(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  instrumentCard(name: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: name });
  }

  /**
   * A field by its label; required fields carry "(Pflichtfeld)" in their accessible name. Not the suggestion list of a
   * terminology field: Primer keeps it mounted, labelled by the field's label, once its suggestions have loaded.
   */
  field(label: string): Locator {
    return this.page
      .getByLabel(new RegExp(`^${escape(label)}( \\*)?( \\(Pflichtfeld\\))?$`))
      .and(this.page.locator(':not([role="listbox"])'));
  }

  /** A list entry in its grid, by its row header ("Therapielinie 1"): its cells are labelled by their fields. */
  entryRow(entry: string, scope: Locator | Page = this.page): Locator {
    return scope.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: entry, exact: true }) });
  }

  group(legend: string, scope: Locator | Page = this.page): Locator {
    return scope.getByRole('group', { name: new RegExp(`^${escape(legend)}`) });
  }

  async fillDate(legend: string, { day, month, year }: DateParts, scope: Locator | Page = this.page): Promise<void> {
    const group = this.group(legend, scope);
    await group.getByLabel('Tag').fill(day);
    await group.getByLabel('Monat').fill(month);
    await group.getByLabel('Jahr').fill(year);
  }

  async choose(label: string, option: string, scope: Locator | Page = this.page): Promise<void> {
    await scope.getByLabel(new RegExp(`^${escape(label)}( \\*)?( \\(Pflichtfeld\\))?$`)).selectOption({ label: option });
  }

  /** Picks a code in a terminology field: types the search, then clicks the offered code. */
  async pick(label: string, search: string, option: string, scope: Locator | Page = this.page): Promise<void> {
    const input = scope.getByRole('combobox', { name: new RegExp(`^${escape(label)}( \\*)?( \\(Pflichtfeld\\))?$`) });
    await input.fill(search);
    await this.page.getByRole('option', { name: option, exact: true }).click();
    // The input shows the picked code's text once the field stores it (also in set-up hooks, so no expect.poll).
    const element = await input.elementHandle();
    await this.page.waitForFunction(([field, text]) => (field as HTMLInputElement).value === text, [element, option] as const);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Speichern', exact: true }).click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
