import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { entriesOf, fieldDef, fieldOf, systemicTherapyInstrument } from '@ecrf/rules/test-utils';
import { renderForm } from './formTestKit';

/** The grid of a list (a table named by the list, or by list and entry type) and its row of an entry ("Therapielinie 2"). */
const grid = (name: string) => screen.getByRole('table', { name });
const row = (table: HTMLElement, entry: string): HTMLElement => {
  const header = within(table).getByRole('rowheader', { name: entry });
  const found = header.closest('tr');
  if (!found) throw new Error(`no row ${entry}`);
  return found;
};

const storedLines = () => [
  fieldOf(
    'therapy_lines',
    null,
    entriesOf('therapy_line', [
      [fieldOf('line_no', '1'), fieldOf('start', '2022-04-01'), fieldOf('end', '2022-09-XX')],
      [fieldOf('line_no', '2')],
    ]),
  ),
];

describe('EntryGrid: a list of value fields is an editable grid (issue 18)', () => {
  it('shows a row per entry and a column per field, each label once in the header and still the name of its input', () => {
    renderForm(systemicTherapyInstrument.fields, storedLines());
    const lines = grid('Therapielinien');
    const headers = within(lines)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Nr.', 'Linie * (Pflichtfeld)', 'Beginn', 'Ende', 'Grund des Endes * (Pflichtfeld)', 'Hinweise und Aktionen']);
    expect(within(lines).getAllByRole('row')).toHaveLength(3);
    // No visible label in the cells; screen readers hear the field's label.
    const first = row(lines, 'Therapielinie 1');
    expect((within(first).getByLabelText(/^Linie/) as HTMLInputElement).value).toBe('1');
    expect(within(first).getByText('Linie').closest('label')?.hasAttribute('data-visually-hidden')).toBe(true);
    const end = within(first).getByRole('group', { name: /^Ende/ });
    expect((within(end).getByLabelText('Jahr') as HTMLInputElement).value).toBe('2022');
    expect((within(end).getByLabelText('Monat') as HTMLInputElement).value).toBe('09');
    // The date help stands once under the grid, not in every cell.
    expect(screen.getAllByText(/unbekannte Teile leer lassen oder UK eintragen/)).toHaveLength(1);
  });

  it('shows a cell its rule hides in that entry as not applicable, and evaluates each row on its own', async () => {
    const s = renderForm(systemicTherapyInstrument.fields, storedLines());
    const lines = grid('Therapielinien');
    // The first line has ended: it asks for the reason; the second has not.
    expect(within(row(lines, 'Therapielinie 1')).getByLabelText(/^Grund des Endes/)).toBeTruthy();
    expect(within(row(lines, 'Therapielinie 2')).getByText('nicht zutreffend')).toBeTruthy();
    await s.user.type(within(within(row(lines, 'Therapielinie 2')).getByRole('group', { name: /^Ende/ })).getByLabelText('Jahr'), '2023');
    expect(within(row(lines, 'Therapielinie 2')).getByLabelText(/^Grund des Endes/)).toBeTruthy();
    expect(within(row(lines, 'Therapielinie 2')).queryByText('nicht zutreffend')).toBeNull();
  });

  it('shows the messages and hints of a cell in its cell', () => {
    const lines = [
      fieldOf(
        'therapy_lines',
        null,
        entriesOf('therapy_line', [
          [fieldOf('line_no', '1'), fieldOf('end', '2022-09-XX')],
          [fieldOf('line_no', '2'), fieldOf('start', '2026-01-01')],
        ]),
      ),
    ];
    renderForm(systemicTherapyInstrument.fields, lines, { validated: true });
    const table = grid('Therapielinien');
    // The first line has ended without a reason, which its end makes required.
    const reason = within(row(table, 'Therapielinie 1'))
      .getByLabelText(/^Grund des Endes/)
      .closest('td');
    expect(reason?.textContent).toContain('Pflichtfeld fehlt');
    expect(within(row(table, 'Therapielinie 2')).queryByText('Pflichtfeld fehlt')).toBeNull();
    // The second starts after today (1 June 2025 in the kit): the hint stands at its start.
    const start = within(row(table, 'Therapielinie 2'))
      .getByRole('group', { name: /^Beginn/ })
      .closest('td');
    expect(start?.textContent).toContain('hint.start.inFuture');
  });

  it('names a missing field of a row with its entry in the summary of missing fields, and the link jumps into the cell', async () => {
    // jsdom does not scroll.
    Element.prototype.scrollIntoView = vi.fn();
    const s = renderForm(systemicTherapyInstrument.fields, storedLines());
    const summary = screen.getByRole('region', { name: 'Fehlende Pflichtfelder' });
    const link = within(summary).getByRole('link', { name: 'Therapielinie 1: Grund des Endes' });
    await s.user.click(link);
    expect(document.activeElement).toBe(within(row(grid('Therapielinien'), 'Therapielinie 1')).getByLabelText(/^Grund des Endes/));
  });

  it('adds a row at the highest order + 10 with the focus in its first cell, and removes a row by its named button', async () => {
    const s = renderForm(systemicTherapyInstrument.fields, storedLines());
    await s.user.click(within(screen.getByRole('group', { name: /^Therapielinien/ })).getByRole('button', { name: 'Eintrag hinzufügen' }));
    expect(s.instancesOf('f-therapy_line').map((e) => e.order)).toEqual([10, 20, 30]);
    const third = row(grid('Therapielinien'), 'Therapielinie 3');
    expect(document.activeElement).toBe(within(third).getByLabelText(/^Linie/));
    await s.user.keyboard('3');
    expect(s.instancesOf('f-line_no').map((field) => field.values[0]?.value)).toEqual(['1', '2', '3']);

    await s.user.click(within(grid('Therapielinien')).getByRole('button', { name: 'Eintrag entfernen: Therapielinie 1' }));
    expect(s.instancesOf('f-therapy_line').map((e) => e.order)).toEqual([20, 30]);
    expect(within(grid('Therapielinien')).getAllByRole('rowheader')).toHaveLength(2);
    expect(document.activeElement?.textContent).toBe('Eintrag hinzufügen');
  });

  it('keeps the focus in its cell while the mouse is down on a row button, so a message appearing cannot move the button away', async () => {
    const s = renderForm(systemicTherapyInstrument.fields, storedLines());
    const addButton = within(screen.getByRole('group', { name: /^Therapielinien/ })).getByRole('button', { name: 'Eintrag hinzufügen' });
    await s.user.click(addButton);
    const focused = document.activeElement;
    expect(fireEvent.mouseDown(addButton)).toBe(false);
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: 'Eintrag entfernen: Therapielinie 1' }))).toBe(false);
    expect(document.activeElement).toBe(focused);
    expect(screen.queryByText('Pflichtfeld fehlt')).toBeNull();
  });

  it('gives an event report list one grid per entry type, each with its add button', async () => {
    const s = renderForm(systemicTherapyInstrument.fields);
    const events = screen.getByRole('group', { name: /^Nebenwirkungen/ });
    expect(within(events).getByText('Keine Einträge.')).toBeTruthy();
    await s.user.click(within(events).getByRole('button', { name: 'Pneumonitis hinzufügen' }));
    await s.user.click(within(events).getByRole('button', { name: 'Andere Nebenwirkung hinzufügen' }));
    await s.user.click(within(events).getByRole('button', { name: 'Pneumonitis hinzufügen' }));
    const pneumonitis = grid('Nebenwirkungen: Pneumonitis');
    expect(
      within(pneumonitis)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Pneumonitis 1', 'Pneumonitis 2']);
    expect(within(grid('Nebenwirkungen: Andere Nebenwirkung')).getAllByRole('rowheader')).toHaveLength(1);
    // The rule reading the list's entry types still sees them.
    expect(screen.getByLabelText('Verlauf der Pneumonitis')).toBeTruthy();
  });

  it('keeps a card per entry where an entry holds more than value fields', () => {
    const formFields = [
      fieldDef('care_sites', 'List', 10),
      fieldDef('care_site', 'ListEntry', 10, { parent: 'care_sites' }),
      fieldDef('treating_location', 'NngmNetworkLocation', 10, { parent: 'care_site' }),
    ];
    renderForm(formFields, [fieldOf('care_sites', null, entriesOf('care_site', [[fieldOf('treating_location')]]))]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('group', { name: /^field\.care_site 1/ })).toBeTruthy();
  });
});
