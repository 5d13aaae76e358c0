import { describe, expect, it } from 'vitest';
import type { DataFieldInstance } from '@ecrf/rules';
import { diagnosisInstrument, entriesOf, fieldOf, kitchenSinkContext, systemicTherapyInstrument } from '@ecrf/rules/test-utils';
import { addEntry, createMissingFields, hasUnsavedChanges, normalizeFields, removeEntry } from './formTree';
import { defined } from './formTestKit';

const therapyFields = systemicTherapyInstrument.fields;
const definitionOf = (key: string) => defined(therapyFields.find((f) => f.id === `f-${key}`));
const find = (fields: readonly DataFieldInstance[], definitionId: string): DataFieldInstance[] =>
  fields.flatMap((f) => [...(f.definitionId === definitionId ? [f] : []), ...find(f.childFields, definitionId)]);
const contextFor = (current: readonly DataFieldInstance[]) => kitchenSinkContext({ current });

describe('createMissingFields', () => {
  it('creates a placeholder for every fixed field of a new form, but no list entries and nothing deleted', () => {
    const fields = createMissingFields(therapyFields, []);
    expect(fields.map((f) => f.definitionId).sort()).toEqual(
      ['f-adverse_events', 'f-old_hint', 'f-pneumonitis_follow_up', 'f-regimen_code', 'f-therapy_lines', 'f-therapy_summary'].sort(),
    );
    expect(fields.every((f) => f.isNewField === true && f.id.startsWith('new:'))).toBe(true);
    expect(find(fields, 'f-therapy_comment')).toHaveLength(1);
    expect(find(fields, 'f-therapy_line')).toHaveLength(0);
  });

  it('completes the fields of existing entries and returns the same array when nothing is missing', () => {
    const lines = fieldOf('therapy_lines', null, entriesOf('therapy_line', [[fieldOf('line_no', '1')]]));
    const completed = createMissingFields(therapyFields, [lines]);
    expect(find(completed, 'f-start')).toHaveLength(1);
    expect(find(completed, 'f-line_no')).toHaveLength(1);
    expect(createMissingFields(therapyFields, completed)).toBe(completed);
  });
});

describe('list entries', () => {
  it('appends an entry 10 above the highest order, deleted entries included, with its fields', () => {
    const deleted = fieldOf('therapy_line', null, [], { order: 40, isDeleted: true });
    const lines = fieldOf('therapy_lines', null, [...entriesOf('therapy_line', [[], []]), deleted]);
    const next = addEntry(therapyFields, [lines], lines.id, definitionOf('therapy_line'));
    const added = defined(defined(next[0]).childFields.at(-1));
    expect(added).toMatchObject({ definitionId: 'f-therapy_line', order: 50, isNewField: true });
    expect(added.childFields.map((c) => c.definitionId)).toEqual(['f-line_no', 'f-start', 'f-end', 'f-end_reason']);
  });

  it('marks a stored entry deleted and drops an unsaved one', () => {
    const lines = fieldOf('therapy_lines', null, entriesOf('therapy_line', [[]]));
    const stored = defined(lines.childFields[0]);
    const withNew = addEntry(therapyFields, [lines], lines.id, definitionOf('therapy_line'));
    const added = defined(defined(withNew[0]).childFields[1]);
    expect(defined(removeEntry(withNew, added.id)[0]).childFields).toEqual([stored]);
    expect(defined(removeEntry(withNew, stored.id)[0]).childFields[0]).toMatchObject({ id: stored.id, isDeleted: true });
  });
});

describe('normalizeFields', () => {
  it('applies population values and empties fields the rules hide, as the backend stores them', () => {
    const stage = fieldOf('stage', null, [fieldOf('m', '1c')]);
    const fields = createMissingFields(diagnosisInstrument.fields, [stage]);
    const normalized = normalizeFields(diagnosisInstrument.fields, fields, contextFor);
    expect(find(normalized, 'f-uicc')[0]?.values).toEqual([{ value: 'IVB' }]);

    const line = fieldOf('therapy_lines', null, entriesOf('therapy_line', [[fieldOf('end', null), fieldOf('end_reason', 'P')]]));
    const emptied = normalizeFields(therapyFields, [line], contextFor);
    expect(find(emptied, 'f-end_reason')[0]).toMatchObject({ values: [], isVisible: false });
  });

  it('keeps the tree itself when nothing changes', () => {
    const fields = normalizeFields(therapyFields, createMissingFields(therapyFields, []), contextFor);
    expect(normalizeFields(therapyFields, fields, contextFor)).toBe(fields);
  });
});

describe('hasUnsavedChanges', () => {
  const original = createMissingFields(therapyFields, [
    fieldOf('therapy_lines', null, entriesOf('therapy_line', [[fieldOf('line_no', '1')]])),
  ]);
  const lines = defined(original.find((f) => f.definitionId === 'f-therapy_lines'));

  it('sees no change in untouched placeholders', () => {
    expect(hasUnsavedChanges(original, original)).toBe(false);
  });

  it('sees a changed value, an added entry and a removed entry', () => {
    const lineNo = defined(find(original, 'f-line_no')[0]);
    const changed = original.map((f) =>
      f === lines
        ? {
            ...f,
            childFields: [
              {
                ...defined(f.childFields[0]),
                childFields: defined(f.childFields[0]).childFields.map((c) => (c === lineNo ? { ...c, values: [{ value: '2' }] } : c)),
              },
            ],
          }
        : f,
    );
    expect(hasUnsavedChanges(original, changed)).toBe(true);
    expect(hasUnsavedChanges(original, addEntry(therapyFields, original, lines.id, definitionOf('therapy_line')))).toBe(true);
    expect(hasUnsavedChanges(original, removeEntry(original, defined(lines.childFields[0]).id))).toBe(true);
  });
});
