import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { diagnosisInstrument, entriesOf, fieldOf, systemicTherapyInstrument } from '@ecrf/rules/test-utils';
import { defined, renderForm } from './formTestKit';

// jsdom does not lay out, and has no scrolling.
Element.prototype.scrollIntoView = vi.fn();

const group = (name: RegExp) => screen.getByRole('group', { name });
const therapyLines = (lines: ReturnType<typeof fieldOf>[][]) => [fieldOf('therapy_lines', null, entriesOf('therapy_line', lines))];

describe('DocumentationForm: values the server would refuse (issue 25)', () => {
  it('says at the field that a day does not exist, and marks the date invalid', async () => {
    const s = renderForm(diagnosisInstrument.fields);
    const date = group(/^Diagnosedatum/);
    await s.user.type(within(date).getByLabelText('Tag'), '31');
    await s.user.type(within(date).getByLabelText('Monat'), '02');
    await s.user.type(within(date).getByLabelText('Jahr'), '2026');
    expect(s.instancesOf('f-diag_date')[0]?.values).toEqual([{ value: '2026-02-31' }]);
    expect(within(date).getByLabelText('Tag').getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Diagnosedatum: Das Datum 31.02.2026 gibt es nicht.');
    expect(within(date).getByLabelText('Tag').getAttribute('aria-describedby')).toBe(message.closest('[id]')?.id);
    await s.user.clear(within(date).getByLabelText('Tag'));
    await s.user.type(within(date).getByLabelText('Tag'), '28');
    expect(screen.queryByText(/gibt es nicht/)).toBeNull();
  });

  it('says at the field that a percentage lies above 100', async () => {
    const s = renderForm(diagnosisInstrument.fields);
    await s.user.type(screen.getByLabelText('PD-L1 TPS'), '150');
    expect(screen.getByText('PD-L1 TPS: höchstens 100 %')).toBeTruthy();
    expect(screen.getByLabelText('PD-L1 TPS').getAttribute('aria-invalid')).toBe('true');
  });

  it('puts the focus on the first refused field when a save is tried', () => {
    renderForm(diagnosisInstrument.fields, [fieldOf('diag_date', '2026-02-10'), fieldOf('pdl1_tps', '150'), fieldOf('pack_years', '-5')], {
      saveAttempt: 1,
    });
    expect(document.activeElement).toBe(screen.getByLabelText('PD-L1 TPS'));
    expect(screen.getByText('field.pack_years: mindestens 0 py')).toBeTruthy();
  });

  it('shows a refusal of the server at the field its path names, and focuses it', () => {
    const fields = therapyLines([
      [fieldOf('line_no', '1'), fieldOf('start', '2022-04-01')],
      [fieldOf('line_no', '2'), fieldOf('start', '2022-10-15')],
    ]);
    renderForm(systemicTherapyInstrument.fields, fields, {
      serverErrors: [{ path: 'therapy_lines[1].start', message: 'Beginn: vom Server abgelehnt' }],
      saveAttempt: 1,
    });
    const rows = screen.getAllByRole('row').filter((row) => row.dataset.entryId);
    const second = defined(rows[1]);
    expect(within(second).getByText('Beginn: vom Server abgelehnt')).toBeTruthy();
    expect(within(defined(rows[0])).queryByText('Beginn: vom Server abgelehnt')).toBeNull();
    expect(second.contains(document.activeElement)).toBe(true);
    expect(screen.queryByText('Das Formular wurde nicht gespeichert')).toBeNull();
  });

  it('shows a refusal whose path names no shown field on top of the form', () => {
    renderForm(systemicTherapyInstrument.fields, [], { serverErrors: [{ path: 'therapy_lines[7].start', message: 'Beginn: abgelehnt' }] });
    expect(screen.getByText('Das Formular wurde nicht gespeichert')).toBeTruthy();
    expect(screen.getByText('Beginn: abgelehnt')).toBeTruthy();
  });

  it('shows a plausibility hint at its field as a hint, not as an error', () => {
    renderForm(
      systemicTherapyInstrument.fields,
      therapyLines([[fieldOf('line_no', '1'), fieldOf('start', '2022-04-01'), fieldOf('end', '2022-03-01')]]),
    );
    const hint = screen.getByText('hint.end.beforeStart');
    expect(hint.closest('p')?.textContent).toBe('Hinweis: hint.end.beforeStart');
    expect(hint.closest('[data-field-problem]')).toBeNull();
    expect(screen.getByRole('group', { name: /^Ende/ }).querySelector('[aria-invalid="true"]')).toBeNull();
  });
});
