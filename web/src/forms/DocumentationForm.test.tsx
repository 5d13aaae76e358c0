import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { entriesOf, fieldOf, diagnosisInstrument, systemicTherapyInstrument, vitalStatusInstrument } from '@ecrf/rules/test-utils';
import { defined, renderForm } from './formTestKit';

const group = (name: RegExp) => screen.getByRole('group', { name });
const queryGroup = (name: RegExp) => screen.queryByRole('group', { name });

describe('DocumentationForm: rules live', () => {
  it('shows a field when its controlling field says so, required, and hides it again', async () => {
    const s = renderForm(vitalStatusInstrument.fields, [], { validated: true });
    expect(queryGroup(/^Sterbedatum/)).toBeNull();
    await s.user.selectOptions(screen.getByLabelText(/^Verstorben/), 'Ja');
    expect(group(/^Sterbedatum/).textContent).toContain('Pflichtfeld');
    expect(screen.getByText('Pflichtfeld fehlt')).toBeTruthy();
    await s.user.selectOptions(screen.getByLabelText(/^Verstorben/), 'Nein');
    expect(queryGroup(/^Sterbedatum/)).toBeNull();
  });

  it('marks a required field and reports it missing until a value is entered', async () => {
    const s = renderForm(diagnosisInstrument.fields, [], { validated: true });
    // The asterisk is for the eye; screen readers hear 'Pflichtfeld'.
    const diagnosis = screen.getByRole('group', { name: 'Diagnosedatum (Pflichtfeld)' });
    expect(diagnosis.querySelector('legend')?.textContent).toBe('Diagnosedatum * (Pflichtfeld)');
    expect(screen.getAllByText('Pflichtfeld fehlt')).toHaveLength(2);
    await s.user.type(within(diagnosis).getByLabelText('Jahr'), '2024');
    expect(s.instancesOf('f-diag_date')[0]?.values).toEqual([{ value: '2024-XX-XX' }]);
    expect(screen.getAllByText('Pflichtfeld fehlt')).toHaveLength(1);
    expect(screen.getByLabelText(/^Morphologie/).getAttribute('aria-required')).toBeNull();
  });

  it('populates a display value from the rules', async () => {
    const s = renderForm(diagnosisInstrument.fields);
    const uicc = screen.getByLabelText('UICC-Stadium') as HTMLInputElement;
    expect(uicc.readOnly).toBe(true);
    expect(uicc.value).toBe('');
    await s.user.type(within(group(/^Stadium/)).getByLabelText('M'), '1c');
    expect(uicc.value).toBe('IVB');
    expect(s.instancesOf('f-uicc')[0]?.values).toEqual([{ value: 'IVB' }]);
    await s.user.clear(within(group(/^Stadium/)).getByLabelText('M'));
    await s.user.type(within(group(/^Stadium/)).getByLabelText('M'), '1a');
    expect(uicc.value).toBe('IVA');
  });

  it('accepts a decimal comma, stores a point and shows hints and redirects', async () => {
    const s = renderForm(diagnosisInstrument.fields);
    await s.user.type(screen.getByLabelText('PD-L1 TPS'), '55,5');
    expect((screen.getByLabelText('PD-L1 TPS') as HTMLInputElement).value).toBe('55,5');
    expect(s.instancesOf('f-pdl1_tps')[0]?.values).toEqual([{ value: '55.5', unit: '%' }]);
    expect(screen.getByText('Bitte die Immuntherapie dokumentieren')).toBeTruthy();
    await s.user.type(screen.getByLabelText('Morphologie'), '8140/3');
    expect(screen.getByText('Maligne Morphologie: Diagnose prüfen')).toBeTruthy();
    await s.user.type(screen.getByLabelText('PD-L1 TPS'), 'x');
    expect(screen.getByText('PD-L1 TPS: keine Zahl')).toBeTruthy();
  });
});

describe('DocumentationForm: messages wait for the user (issue 18, defect 6)', () => {
  it('shows no missing message on a fresh form, then at a field the user has left empty', async () => {
    const s = renderForm(diagnosisInstrument.fields);
    expect(screen.getByRole('group', { name: 'Diagnosedatum (Pflichtfeld)' })).toBeTruthy();
    expect(screen.queryByText('Pflichtfeld fehlt')).toBeNull();
    const diagnosis = screen.getByRole('group', { name: 'Diagnosedatum (Pflichtfeld)' });
    // Moving between the parts of one date does not leave the field.
    await s.user.click(within(diagnosis).getByLabelText('Tag'));
    await s.user.tab();
    expect(screen.queryByText('Pflichtfeld fehlt')).toBeNull();
    await s.user.click(screen.getByLabelText('PD-L1 TPS'));
    expect(diagnosis.closest('[data-field-id]')?.textContent).toContain('Pflichtfeld fehlt');
    expect(screen.getAllByText('Pflichtfeld fehlt')).toHaveLength(1);
  });

  it('shows every missing required field once a save was tried', () => {
    renderForm(diagnosisInstrument.fields, [], { validated: true });
    expect(screen.getAllByText('Pflichtfeld fehlt')).toHaveLength(2);
  });

  it('shows a hint or redirect only at a field with a value, though its condition holds on an empty one', async () => {
    const s = renderForm(diagnosisInstrument.fields);
    // "not inside the list of C34 codes" holds on an empty diagnosis, too.
    expect(screen.queryByText('Das Register erfasst nur Lungenkarzinome (C34.x).')).toBeNull();
    expect(screen.queryByText('Maligne Morphologie: Diagnose prüfen')).toBeNull();
    await s.user.type(screen.getByLabelText('Morphologie'), '8140/3');
    expect(screen.getByText('Maligne Morphologie: Diagnose prüfen')).toBeTruthy();
  });
});

describe('DocumentationForm: lists', () => {
  const stored = () => [
    fieldOf(
      'therapy_lines',
      null,
      entriesOf('therapy_line', [[fieldOf('line_no', '1'), fieldOf('start', '2022-04-01')], [fieldOf('line_no', '2')]]),
    ),
  ];
  /** A row of the grid by its entry ("Therapielinie 2"); EntryGrid.test.tsx tests the grid itself. */
  const row = (entry: string): HTMLElement => defined(screen.getByRole('rowheader', { name: entry }).closest('tr'));

  it('saves an added entry at the highest order + 10 and a removed stored entry as deleted', async () => {
    const s = renderForm(systemicTherapyInstrument.fields, stored());
    await s.user.click(within(group(/^Therapielinien/)).getByRole('button', { name: 'Eintrag hinzufügen' }));
    expect(s.instancesOf('f-therapy_line').map((e) => e.order)).toEqual([10, 20, 30]);
    expect(s.latest().dirty).toBe(true);
    await s.user.type(within(row('Therapielinie 3')).getByLabelText(/^Linie/), '3');
    await s.user.click(screen.getByRole('button', { name: 'Eintrag entfernen: Therapielinie 1' }));
    expect(s.instancesOf('f-therapy_line').map((e) => e.order)).toEqual([20, 30]);
    expect(s.latest().fieldInputs()).toEqual([
      {
        id: defined(s.latest().original[0]).id,
        definitionKey: 'f-therapy_lines',
        childFields: [
          { id: defined(defined(s.latest().original[0]).childFields[0]).id, definitionKey: 'f-therapy_line', isDeleted: true },
          {
            definitionKey: 'f-therapy_line',
            order: 30,
            childFields: [
              { definitionKey: 'f-line_no', order: 10, values: [{ value: '3', unit: null, organizationId: null, personId: null }] },
            ],
          },
        ],
      },
    ]);
    // The new entry, unsaved, disappears when removed.
    await s.user.click(screen.getByRole('button', { name: 'Eintrag entfernen: Therapielinie 2' }));
    expect(s.instancesOf('f-therapy_line').map((e) => e.order)).toEqual([20]);
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
  });
});
