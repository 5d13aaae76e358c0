import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { digiNetCareInstrument, diagnosisInstrument, fieldOf, institutes } from '@ecrf/rules/test-utils';
import { evaluation, renderForm } from './formTestKit';

const group = (name: RegExp) => screen.getByRole('group', { name });

describe('DocumentationForm: partial dates', () => {
  it('stores day, month and year with XX and UK placeholders, and the whole date unknown', async () => {
    const s = renderForm(diagnosisInstrument.fields);
    const date = group(/^Diagnosedatum/);
    const stored = () => s.instancesOf('f-diag_date')[0]?.values;
    await s.user.type(within(date).getByLabelText('Jahr'), '2024');
    await s.user.type(within(date).getByLabelText('Monat'), 'uk');
    expect(stored()).toEqual([{ value: '2024-UK-XX' }]);
    await s.user.clear(within(date).getByLabelText('Monat'));
    await s.user.type(within(date).getByLabelText('Monat'), '03');
    await s.user.type(within(date).getByLabelText('Tag'), '15');
    expect(stored()).toEqual([{ value: '2024-03-15' }]);
    expect(within(date).getByLabelText('Tag').getAttribute('aria-invalid')).toBeNull();
    await s.user.click(within(date).getByLabelText('Datum unbekannt'));
    expect(stored()).toEqual([{ value: 'unknown' }]);
    expect((within(date).getByLabelText('Jahr') as HTMLInputElement).disabled).toBe(true);
    expect(within(date).queryByLabelText('Andauernd')).toBeNull();
  });

  it('reports a day without a month as invalid and offers "andauernd" where allowed', async () => {
    const s = renderForm(diagnosisInstrument.fields, [], { allowsOngoing: (d) => d.identifier === 'diag_date' });
    const date = group(/^Diagnosedatum/);
    await s.user.type(within(date).getByLabelText('Tag'), '15');
    await s.user.type(within(date).getByLabelText('Jahr'), '2024');
    expect(s.instancesOf('f-diag_date')[0]?.values).toEqual([{ value: '2024-XX-15' }]);
    expect(
      screen.getByText('Diagnosedatum: Im Datum 15.XX.2024 ist ein Teil bekannt, dessen übergeordneter Teil (Monat oder Jahr) fehlt.'),
    ).toBeTruthy();
    await s.user.click(within(date).getByLabelText('Andauernd'));
    expect(s.instancesOf('f-diag_date')[0]?.values).toEqual([{ value: 'ongoing' }]);
  });

  it('shows a stored date in its parts', () => {
    renderForm(diagnosisInstrument.fields, [fieldOf('diag_date', '2022-03-XX')]);
    const date = group(/^Diagnosedatum/);
    expect((within(date).getByLabelText('Jahr') as HTMLInputElement).value).toBe('2022');
    expect((within(date).getByLabelText('Monat') as HTMLInputElement).value).toBe('03');
    expect((within(date).getByLabelText('Tag') as HTMLInputElement).value).toBe('');
  });
});

describe('DocumentationForm: network fields', () => {
  const digiNet = { evaluation: { ...evaluation, selectedInstitute: institutes.cologne } };

  it('picks a location, and a partner among the persons of the chosen location', async () => {
    const s = renderForm(digiNetCareInstrument.fields, [], digiNet);
    const location = group(/^Behandelnder Standort/);
    await s.user.selectOptions(within(location).getByLabelText(/^Standort/), 'Uniklinik Köln');
    expect(s.instancesOf('f-treating_location')[0]?.values).toEqual([
      { value: null, organization: { id: 'org-koeln', displayName: 'Uniklinik Köln' }, person: null },
    ]);

    const partner = group(/^Betreuender Partner/);
    expect(
      within(partner)
        .getByLabelText(/^Therapeut\/in/)
        .closest('div')?.textContent,
    ).toContain('Pflichtfeld');
    expect(
      within(partner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Dr. Bernd Bonn');
    await s.user.selectOptions(within(partner).getByLabelText(/^Standort/), 'Uniklinik Bonn');
    const persons = within(within(partner).getByLabelText(/^Therapeut\/in/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(persons).toEqual(['Bitte wählen', 'Dr. Bernd Bonn']);
    expect(screen.getAllByText('Pflichtfeld fehlt')).toHaveLength(1);
    await s.user.selectOptions(within(partner).getByLabelText(/^Therapeut\/in/), 'Dr. Bernd Bonn');
    expect(s.instancesOf('f-care_partner')[0]?.values).toEqual([
      {
        value: null,
        organization: { id: 'org-bonn', displayName: 'Uniklinik Bonn' },
        person: { id: 'p-bernd', title: 'Dr.', firstName: 'Bernd', lastName: 'Bonn' },
      },
    ]);
    expect(screen.queryByText('Pflichtfeld fehlt')).toBeNull();
  });

  it('hides the location field where the rules say the institute is no DigiNet centre', () => {
    renderForm(digiNetCareInstrument.fields);
    expect(screen.queryByRole('group', { name: /^Behandelnder Standort/ })).toBeNull();
  });
});

describe('DocumentationForm: errors, locks and read-only', () => {
  it('shows a server error at its field and one without field on top', () => {
    const diagnosis = fieldOf('diag_date', '2024-03-01');
    renderForm(diagnosisInstrument.fields, [diagnosis], {
      serverErrors: [{ fieldId: diagnosis.id, message: 'Das Feld ist gesperrt.' }, { message: 'Zwischenzeitlich wurde gespeichert.' }],
    });
    const top = screen.getByRole('region', { name: 'Das Formular wurde nicht gespeichert' });
    expect(within(top).getByText('Zwischenzeitlich wurde gespeichert.')).toBeTruthy();
    expect(within(top).queryByText('Das Feld ist gesperrt.')).toBeNull();
    const atField = screen.getByText('Das Feld ist gesperrt.');
    expect(group(/^Diagnosedatum/).parentElement?.contains(atField)).toBe(true);
  });

  it('disables a locked field and says since when it is locked', () => {
    renderForm(diagnosisInstrument.fields, [fieldOf('morphology', '8140/3', [], { lockedManually: true, lockDate: '2025-01-01' })]);
    expect((screen.getByLabelText('Morphologie') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Gesperrt seit 01.01.2025')).toBeTruthy();
    expect((screen.getByLabelText('PD-L1 TPS') as HTMLInputElement).disabled).toBe(false);
  });

  it('disables every input when read-only', () => {
    renderForm(diagnosisInstrument.fields, [], { readOnly: true });
    for (const input of screen.getAllByRole('textbox'))
      expect((input as HTMLInputElement).disabled || (input as HTMLInputElement).readOnly).toBe(true);
  });
});
