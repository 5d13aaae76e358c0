import { describe, expect, it } from 'vitest';
import { fieldOf, systemicTherapyInstrument } from '../__testUtils__/index.js';
import { fieldPathsById } from './field-paths.js';

describe('field paths', () => {
  it('count list entries by their order among the live entries, and join identifiers with dots', () => {
    const late = fieldOf('therapy_line', null, [fieldOf('start', '2022-10-15')], { order: 30 });
    const gone = fieldOf('therapy_line', null, [fieldOf('start', '2022-01-01')], { order: 5, isDeleted: true });
    const early = fieldOf('therapy_line', null, [fieldOf('start', '2022-04-01')], { order: 10 });
    const pneumonitis = fieldOf('ae_pneumonitis', null, [fieldOf('pneumonitis_grade', '2')], { order: 20 });
    const other = fieldOf('ae_other', null, [fieldOf('ae_term', 'Exanthem')], { order: 10 });
    const comment = fieldOf('therapy_comment', 'gut vertragen');
    const paths = fieldPathsById(systemicTherapyInstrument.fields, [
      fieldOf('therapy_lines', null, [late, gone, early]),
      fieldOf('adverse_events', null, [pneumonitis, other]),
      fieldOf('therapy_summary', null, [comment]),
      fieldOf('not_in_this_form', '1'),
    ]);
    expect(paths.get(early.id)).toBe('therapy_lines[0]');
    expect(paths.get(late.childFields[0]?.id ?? '')).toBe('therapy_lines[1].start');
    expect(paths.has(gone.id)).toBe(false);
    expect(paths.get(other.childFields[0]?.id ?? '')).toBe('adverse_events[0].ae_term');
    expect(paths.get(pneumonitis.childFields[0]?.id ?? '')).toBe('adverse_events[1].pneumonitis_grade');
    expect(paths.get(comment.id)).toBe('therapy_summary.therapy_comment');
    expect([...paths.values()]).not.toContain('not_in_this_form');
  });
});
