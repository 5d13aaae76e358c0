import { describe, expect, it } from 'vitest';
import { entriesOf, fieldOf } from '../__testUtils__/builders.js';
import { kitchenSinkContext, kitchenSinkIndex, personas } from '../__testUtils__/personas.js';
import type { DataFieldDefinition } from '../definition/fields.js';
import { appendChildField, hasFieldChanges, nextChildOrder } from './child-fields.js';
import { evaluateFieldState, isFieldEditable, isFieldLocked, isFieldRequired, isFieldVisible } from './field-state.js';
import { isNetworkFieldComplete } from './network.js';

function def(key: string): DataFieldDefinition {
  const definition = kitchenSinkIndex.fieldById.get(`f-${key}`);
  if (!definition) throw new Error(`no field f-${key}`);
  return definition;
}

describe('field locking (ecrf-core.md §4)', () => {
  const today = '2025-06-01';
  it('locked manually or automatically', () => {
    expect(isFieldLocked(fieldOf('icd10', 'C34.1', [], { lockedManually: true }), today)).toBe(true);
    expect(isFieldLocked(fieldOf('icd10', 'C34.1', [], { lockedAutomatically: true }), today)).toBe(true);
    expect(isFieldLocked(fieldOf('icd10', 'C34.1'), today)).toBe(false);
  });
  it('honours the lock date: from that day on, and an automatic lock waits for it', () => {
    expect(isFieldLocked(fieldOf('icd10', 'x', [], { lockDate: '2025-06-01' }), today)).toBe(true);
    expect(isFieldLocked(fieldOf('icd10', 'x', [], { lockDate: '2025-06-02' }), today)).toBe(false);
    expect(isFieldLocked(fieldOf('icd10', 'x', [], { lockedAutomatically: true, lockDate: '2025-06-02' }), today)).toBe(false);
    expect(isFieldLocked(fieldOf('icd10', 'x', [], { lockedAutomatically: true, lockDate: '2025-05-31' }), today)).toBe(true);
    expect(isFieldLocked(fieldOf('icd10', 'x', [], { lockedManually: true, lockDate: '2025-06-02' }), today)).toBe(true);
  });
});

describe('field editability (ecrf-core.md §4)', () => {
  const context = kitchenSinkContext();
  it('a plain field is editable', () => expect(isFieldEditable(def('icd10'), fieldOf('icd10', 'C34.1'), context)).toBe(true));
  it('not when locked or deleted', () => {
    expect(isFieldEditable(def('icd10'), fieldOf('icd10', 'C34.1', [], { lockedManually: true }), context)).toBe(false);
    expect(isFieldEditable(def('icd10'), fieldOf('icd10', 'C34.1', [], { isDeleted: true }), context)).toBe(false);
    expect(isFieldEditable(def('legacy_regimen'), null, context)).toBe(false);
  });
  it('never a display value, never a readonly field', () => {
    expect(isFieldEditable(def('uicc'), fieldOf('uicc', 'IVA'), context)).toBe(false);
    expect(isFieldEditable(def('regimen_code'), fieldOf('regimen_code'), context)).toBe(false);
  });
  it('only when every editability rule holds', () => {
    expect(isFieldEditable(def('therapy_comment'), null, context)).toBe(false);
    expect(isFieldEditable(def('therapy_comment'), null, kitchenSinkContext({ user: personas.digiNetPhysician }))).toBe(true);
  });
});

describe('field visibility, required, hints, redirects, population (ecrf-core.md §4; ecrf-calls.md §5)', () => {
  it('visible when the visibility rules hold and the parent is visible', () => {
    const withdrawn = kitchenSinkContext({ current: [fieldOf('c41_change_reason', 'patientWithdrawal')] });
    const changed = kitchenSinkContext({ current: [fieldOf('c41_change_reason', 'correction')] });
    expect(isFieldVisible(def('c41_withdrawal_date'), withdrawn)).toBe(true);
    expect(isFieldVisible(def('c41_withdrawal_date'), changed)).toBe(false);
    expect(isFieldVisible(def('c41_withdrawal_date'), withdrawn, false)).toBe(false);
    expect(isFieldVisible(def('icd10'), changed)).toBe(true);
    expect(isFieldVisible(def('legacy_regimen'), changed)).toBe(false);
  });
  it('required only when visible and a required rule holds; deleted rules do not count', () => {
    const context = kitchenSinkContext();
    expect(isFieldRequired(def('icd10'), context, true)).toBe(true);
    expect(isFieldRequired(def('icd10'), context, false)).toBe(false);
    expect(isFieldRequired(def('morphology'), context, true)).toBe(false);
    expect(isFieldRequired(def('old_hint'), context, true)).toBe(false);
  });
  it('an invisible field yields empty values, and is neither editable nor required', () => {
    const state = evaluateFieldState(def('end_reason'), fieldOf('end_reason', 'P'), kitchenSinkContext({ current: [] }));
    expect(state).toMatchObject({ visible: false, editable: false, required: false, values: [] });
    const shown = evaluateFieldState(
      def('end_reason'),
      fieldOf('end_reason', 'P'),
      kitchenSinkContext({ current: [fieldOf('end', '2022-10-01')] }),
    );
    expect(shown).toMatchObject({ visible: true, editable: true, required: true, values: [{ value: 'P' }] });
  });
  it('hints and redirects give the display keys of the rules that hold', () => {
    const lung = evaluateFieldState(def('icd10'), fieldOf('icd10', 'C34.1'), kitchenSinkContext({ current: [fieldOf('icd10', 'C34.1')] }));
    const breast = evaluateFieldState(
      def('icd10'),
      fieldOf('icd10', 'C50.9'),
      kitchenSinkContext({ current: [fieldOf('icd10', 'C50.9')] }),
    );
    expect(lung.hints).toEqual([]);
    expect(breast.hints).toEqual(['hint.icd10.notLung']);
    const high = evaluateFieldState(def('pdl1_tps'), null, kitchenSinkContext({ current: [fieldOf('pdl1_tps', '80')] }));
    const low = evaluateFieldState(def('pdl1_tps'), null, kitchenSinkContext({ current: [fieldOf('pdl1_tps', '10')] }));
    expect(high.redirects).toEqual(['redirect.molecular.immunotherapy']);
    expect(low.redirects).toEqual([]);
  });
  it('population rules give the value of the first rule that holds, undefined when none', () => {
    const stage = (m: string) => kitchenSinkContext({ current: [fieldOf('stage', null, [fieldOf('m', m)])] });
    expect(evaluateFieldState(def('uicc'), null, stage('1c')).populatedValue).toBe('IVB');
    expect(evaluateFieldState(def('uicc'), null, stage('1a')).populatedValue).toBe('IVA');
    expect(evaluateFieldState(def('uicc'), null, stage('0')).populatedValue).toBeUndefined();
  });
});

describe('child fields and changes (ecrf-core.md §4, §9)', () => {
  it('appends a child 10 above the highest existing order, deleted ones included', () => {
    expect(nextChildOrder([])).toBe(10);
    const lines = fieldOf('therapy_lines', null, [
      fieldOf('therapy_line', null, [], { order: 10 }),
      fieldOf('therapy_line', null, [], { order: 40, isDeleted: true }),
      fieldOf('therapy_line', null, [], { order: 20 }),
    ]);
    expect(nextChildOrder(lines.childFields)).toBe(50);
    const appended = appendChildField(lines, { id: 'new', definitionId: 'f-therapy_line', values: [], childFields: [] });
    expect(appended.childFields.at(-1)?.order).toBe(50);
    expect(lines.childFields).toHaveLength(3);
  });
  it('has changes when values differ or a child was removed; not when only a child was added', () => {
    const [a, b] = entriesOf('therapy_line', [[], []]);
    if (!a || !b) throw new Error('entries');
    const original = fieldOf('therapy_lines', [{ value: '1', unit: 'mg' }], [a, b]);
    expect(hasFieldChanges(original, original)).toBe(false);
    expect(hasFieldChanges({ ...original, values: [{ value: '1', unit: 'g' }] }, original)).toBe(true);
    expect(hasFieldChanges({ ...original, values: [] }, original)).toBe(true);
    expect(hasFieldChanges({ ...original, childFields: [a] }, original)).toBe(true);
    expect(hasFieldChanges({ ...original, childFields: [a, { ...b, isDeleted: true }] }, original)).toBe(true);
    expect(hasFieldChanges({ ...original, childFields: [a, b, fieldOf('therapy_line')] }, original)).toBe(false);
    expect(hasFieldChanges(original, null)).toBe(true);
  });
});

describe('network field completeness (ecrf-core.md §5)', () => {
  const person = { id: 'p-1', lastName: 'Weber' };
  const organization = { id: 'o-1', displayName: 'Praxis Weber' };
  it('partner with both required needs person and organization', () => {
    const partner = def('family_physician');
    expect(isNetworkFieldComplete(partner, fieldOf('family_physician', [{ value: null, person, organization }]))).toBe(true);
    expect(isNetworkFieldComplete(partner, fieldOf('family_physician', [{ value: null, person }]))).toBe(false);
    expect(isNetworkFieldComplete(partner, fieldOf('family_physician', [{ value: null, organization }]))).toBe(false);
    expect(isNetworkFieldComplete(partner, null)).toBe(false);
  });
  it('only what the settings require; other field types are always complete', () => {
    expect(isNetworkFieldComplete(def('treating_location'), fieldOf('treating_location', [{ value: null, organization }]))).toBe(true);
    expect(isNetworkFieldComplete(def('care_partner'), fieldOf('care_partner', [{ value: null, person: { id: '' } }]))).toBe(false);
    expect(isNetworkFieldComplete(def('icd10'), null)).toBe(true);
  });
});
