import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DataFieldDefinition } from '../definition/fields.js';
import type { DataFieldInstance } from '../definition/instances.js';
import { entriesOf, fieldOf } from '../__testUtils__/builders.js';
import { fieldDef, ruleOf } from '../__testUtils__/builders.js';
import { diagnosisInstrument, systemicTherapyInstrument, vitalStatusInstrument } from '../__testUtils__/kitchen-sink.js';
import { C } from '../__testUtils__/kitchen-sink-constraints.js';
import { kitchenSinkContext } from '../__testUtils__/personas.js';
import { normalizeForm, type NormalizeOptions } from './form-normalize.js';

const flatten = (fields: readonly DataFieldInstance[]): DataFieldInstance[] => fields.flatMap((f) => [f, ...flatten(f.childFields)]);
const find = (fields: readonly DataFieldInstance[], definitionId: string): DataFieldInstance[] =>
  fields.flatMap((f) => [...(f.definitionId === definitionId ? [f] : []), ...find(f.childFields, definitionId)]);

const optionsFor = (definitions: readonly DataFieldDefinition[]): NormalizeOptions => ({
  definitions,
  contextFor: (current) => kitchenSinkContext({ current }),
  createField: (definition) => ({
    id: `created-${definition.id}`,
    definitionId: definition.id,
    values: [],
    order: definition.order,
    childFields: [],
  }),
});
const diagnosis = optionsFor(diagnosisInstrument.fields);
const therapy = optionsFor(systemicTherapyInstrument.fields);
// „Verstorben“ derived from the status (as in the lung registry), and the death date shown by it.
const vitalStatus = optionsFor(
  vitalStatusInstrument.fields.map((d) =>
    d.identifier === 'deceased'
      ? fieldDef('deceased', 'DisplayValue', 20, { rules: [ruleOf('Population', C.statusNotAlive, { value: 'yes' })] })
      : d,
  ),
);

describe('normalizeForm (ecrf-core.md §4)', () => {
  it('creates a field a population rule fills and reports it changed', () => {
    const stage = fieldOf('stage', null, [fieldOf('m', '1c', [], { isVisible: true })], { isVisible: true });
    const { fields, changedIds } = normalizeForm([stage], diagnosis);
    expect(find(fields, 'f-uicc')).toEqual([
      { id: 'created-f-uicc', definitionId: 'f-uicc', values: [{ value: 'IVB' }], order: 50, childFields: [], isVisible: true },
    ]);
    expect([...changedIds]).toEqual(['created-f-uicc']);
    expect(fields[0]).toBe(stage);
  });

  it('sets an existing field to the populated value and follows a change of the rule', () => {
    const uicc = fieldOf('uicc', 'IVB');
    const stage = fieldOf('stage', null, [fieldOf('m', '1a')]);
    const { fields, changedIds } = normalizeForm([stage, uicc], diagnosis);
    expect(find(fields, 'f-uicc')).toMatchObject([{ id: uicc.id, values: [{ value: 'IVA' }] }]);
    expect([...changedIds]).toEqual([uicc.id]);
  });

  it('empties and marks a field its visibility rule hides, inside the list entry it belongs to', () => {
    const hidden = fieldOf('end_reason', 'P');
    const shown = fieldOf('end_reason', 'P');
    const lines = fieldOf(
      'therapy_lines',
      null,
      entriesOf('therapy_line', [
        [fieldOf('end', null), hidden],
        [fieldOf('end', '2024-05-01'), shown],
      ]),
    );
    const { fields, changedIds } = normalizeForm([lines], therapy);
    const [first, second] = find(fields, 'f-end_reason');
    expect(first).toMatchObject({ id: hidden.id, values: [], isVisible: false });
    expect(second).toMatchObject({ id: shown.id, values: [{ value: 'P' }], isVisible: true });
    expect([...changedIds]).toEqual([hidden.id]);
  });

  it('keeps a value saved with the value whose derived field shows it, and empties it when that does not', () => {
    const deathDate = fieldOf('death_date', '2025-01-20');
    const died = normalizeForm([fieldOf('status', 'deceased'), deathDate], vitalStatus);
    expect(find(died.fields, 'f-death_date')).toMatchObject([{ id: deathDate.id, values: [{ value: '2025-01-20' }], isVisible: true }]);
    expect(find(died.fields, 'f-deceased')).toMatchObject([{ values: [{ value: 'yes' }] }]);
    expect([...died.changedIds]).toEqual(['created-f-deceased']);
    const alive = normalizeForm([fieldOf('status', 'alive'), deathDate], vitalStatus);
    expect(find(alive.fields, 'f-death_date')).toMatchObject([{ id: deathDate.id, values: [], isVisible: false }]);
    expect([...alive.changedIds]).toEqual([deathDate.id]);
  });

  it('leaves deleted fields and fields of deleted definitions as they are', () => {
    const deleted = fieldOf('end_reason', 'P', [], { isDeleted: true });
    const legacy = fieldOf('legacy_regimen', 'FOLFOX');
    const lines = fieldOf('therapy_lines', null, entriesOf('therapy_line', [[deleted]]));
    const { fields } = normalizeForm([lines, legacy], therapy);
    expect(find(fields, 'f-end_reason')[0]).toBe(deleted);
    expect(fields[1]).toBe(legacy);
  });

  it('returns the fields themselves, and no changes, when nothing needs normalising', () => {
    const stage = fieldOf('stage', null, [fieldOf('m', '1c')]);
    const once = normalizeForm([stage], diagnosis);
    const twice = normalizeForm(once.fields, diagnosis);
    expect(twice.fields).toBe(once.fields);
    expect(twice.changedIds.size).toBe(0);
  });
});

const ends = fc.constantFrom<string | null>(null, '', '2024-05-01');
const reasons = fc.constantFrom<string | null>(null, 'P', 'T');
const stageM = fc.constantFrom<string | null>(null, '0', '1a', '1b', '1c');
const uiccValue = fc.constantFrom<string | null>(null, 'IVA', 'IVB', 'I');
const therapyForm = fc.array(fc.tuple(ends, reasons), { maxLength: 4 }).map((lines) => [
  fieldOf(
    'therapy_lines',
    null,
    entriesOf(
      'therapy_line',
      lines.map(([end, reason]) => [fieldOf('end', end), fieldOf('end_reason', reason)]),
    ),
  ),
]);
const diagnosisForm = fc
  .tuple(stageM, fc.option(uiccValue, { nil: undefined }))
  .map(([m, uicc]) => [fieldOf('stage', null, [fieldOf('m', m)]), ...(uicc === undefined ? [] : [fieldOf('uicc', uicc)])]);

describe('normalizeForm: properties', () => {
  it('is idempotent: a normalised form normalises to itself', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.tuple(therapyForm, fc.constant(therapy)), fc.tuple(diagnosisForm, fc.constant(diagnosis))),
        ([form, options]) => {
          const once = normalizeForm(form, options);
          const twice = normalizeForm(once.fields, options);
          expect(twice.fields).toBe(once.fields);
          expect(twice.changedIds.size).toBe(0);
        },
      ),
    );
  });

  it('never changes its input, and changes only the values of the fields it reports', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.tuple(therapyForm, fc.constant(therapy)), fc.tuple(diagnosisForm, fc.constant(diagnosis))),
        ([form, options]) => {
          const copy = structuredClone(form);
          const { fields, changedIds } = normalizeForm(form, options);
          expect(form).toEqual(copy);
          const before = new Map(flatten(form).map((f) => [f.id, f.values]));
          for (const field of flatten(fields).filter((f) => !changedIds.has(f.id))) expect(field.values).toEqual(before.get(field.id));
        },
      ),
    );
  });
});
