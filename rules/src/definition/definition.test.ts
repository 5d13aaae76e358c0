import { describe, expect, it } from 'vitest';
import { kitchenSinkDefinition } from '../__testUtils__/kitchen-sink.js';
import { kitchenSinkIndex } from '../__testUtils__/personas.js';
import type { ConstraintExpression } from './constraints.js';
import { CONSTRAINT_DEFINITION_TYPES, CONTEXT_OPERATORS, VALUE_OPERATORS } from './constraints.js';
import { FIELD_DEFINITION_TYPES, FIELD_RULE_KINDS } from './fields.js';
import type { DataFieldDefinition, FieldRule } from './fields.js';
import { fieldIdentifier } from './definition-index.js';
import {
  CONSENT_IDENTIFIERS,
  EXECUTION_DATE_FIELDS,
  FOLLOW_UP_BLOCKING_VITAL_STATES,
  INSTRUMENT_IDENTIFIERS,
  VISIT_IDENTIFIERS,
} from './fixed-identifiers.js';
import { isBlank } from './instances.js';
import { queryTypeAllows, sortedEnumValues } from './study.js';

const allFields: DataFieldDefinition[] = [...kitchenSinkIndex.fieldById.values()];
const allRules: FieldRule[] = [...allFields.flatMap((f) => f.rules), ...kitchenSinkDefinition.visits.flatMap((v) => v.rules)];
const combinators = (e: ConstraintExpression | null | undefined): string[] =>
  e ? [e.operator, ...(e.expressions ?? []).flatMap(combinators)] : [];

describe('the kitchen-sink study covers the whole model (STYLE.md)', () => {
  it('uses every field type', () => {
    expect(new Set(allFields.map((f) => f.definitionType))).toEqual(new Set(FIELD_DEFINITION_TYPES));
  });
  it('uses every rule kind', () => {
    expect(new Set(allRules.map((r) => r.definitionType))).toEqual(new Set(FIELD_RULE_KINDS));
  });
  it('uses every constraint type and operator, and every combinator', () => {
    const known = kitchenSinkDefinition.constraints.filter((c) => c.id !== 'c-unknown-type' && c.id !== 'c-unknown-operator');
    expect(new Set(known.map((c) => c.type))).toEqual(new Set(CONSTRAINT_DEFINITION_TYPES));
    const operators = new Set(known.map((c) => c.operator));
    for (const operator of [...VALUE_OPERATORS, ...CONTEXT_OPERATORS]) {
      expect(operators, operator).toContain(operator);
    }
    expect(new Set(allRules.flatMap((r) => combinators(r.constraintExpression)))).toEqual(new Set(['EVAL', 'NOT', 'AND', 'OR']));
  });
  it('every EVAL names an existing constraint definition', () => {
    const ids = allRules.flatMap((r) => {
      const walk = (e: ConstraintExpression | null | undefined): string[] =>
        e ? [...(e.operator === 'EVAL' ? [e.constraintDefinitionId ?? ''] : []), ...(e.expressions ?? []).flatMap(walk)] : [];
      return walk(r.constraintExpression);
    });
    for (const id of ids) expect(kitchenSinkIndex.constraintById.has(id), id).toBe(true);
  });
  it('uses the fixed identifiers', () => {
    expect(kitchenSinkIndex.visitByIdentifier.has(VISIT_IDENTIFIERS.baseline)).toBe(true);
    expect(kitchenSinkIndex.visitByIdentifier.has(VISIT_IDENTIFIERS.digiNetFollowUp)).toBe(true);
    expect(kitchenSinkIndex.instrumentByIdentifier.has(INSTRUMENT_IDENTIFIERS.consents)).toBe(true);
    expect(kitchenSinkIndex.instrumentByIdentifier.has(INSTRUMENT_IDENTIFIERS.vitalStatus)).toBe(true);
    expect(kitchenSinkIndex.instrumentByIdentifier.has(INSTRUMENT_IDENTIFIERS.systemicTherapy)).toBe(true);
    const identifiers = new Set(allFields.map((f) => f.identifier));
    expect(identifiers).toContain(CONSENT_IDENTIFIERS.v4_1);
    expect(identifiers).toContain(CONSENT_IDENTIFIERS.v4_0);
    expect(identifiers).toContain(EXECUTION_DATE_FIELDS.baseline);
  });
  it('field ids are unique and parents exist', () => {
    const count = [
      kitchenSinkDefinition.patient.fields,
      ...kitchenSinkDefinition.visits.flatMap((v) => [v.fields, ...v.instruments.map((i) => i.fields)]),
      ...kitchenSinkDefinition.standaloneInstruments.map((i) => i.fields),
    ]
      .flat()
      .filter((f, i, all) => all.findIndex((g) => g === f) === i).length;
    expect(kitchenSinkIndex.fieldById.size).toBe(count);
    for (const f of allFields)
      if (f.parentFieldDefinitionId) expect(kitchenSinkIndex.fieldById.has(f.parentFieldDefinitionId), f.id).toBe(true);
  });
});

describe('fixed identifiers (ecrf-core.md §9)', () => {
  it('have the documented values', () => {
    expect(VISIT_IDENTIFIERS).toEqual({ baseline: 'baseline', followUp: 'fu', digiNetFollowUp: 'fu_24m' });
    expect(INSTRUMENT_IDENTIFIERS).toEqual({ consents: 'consents', vitalStatus: 'vital_status', systemicTherapy: 'systemic_therapy' });
    expect(CONSENT_IDENTIFIERS).toEqual({
      v1_6d: 'consent_1_6d',
      v1_7_2: 'consent_1_7_2',
      v2_2: 'consent_2_2',
      v4_0: 'consent_4_0',
      v4_1: 'consent_4_1',
      other: 'consent_other',
    });
    expect(FOLLOW_UP_BLOCKING_VITAL_STATES).toEqual(['A', 'T']);
  });
});

describe('study definition helpers', () => {
  it('sorts enum values by order without changing the set', () => {
    const [sex] = kitchenSinkDefinition.enumValueSets;
    if (!sex) throw new Error('fixture');
    expect(sortedEnumValues(sex).map((v) => v.code)).toEqual(['M', 'W', 'D', 'X', 'U']);
    expect(sex.values[0]?.code).toBe('W');
  });
  it('query types allow an action to listed roles holding the right', () => {
    const [qt] = kitchenSinkDefinition.queryTypes;
    if (!qt) throw new Error('fixture');
    expect(queryTypeAllows(qt, 'answer', 'Physician', true)).toBe(true);
    expect(queryTypeAllows(qt, 'answer', 'Physician', false)).toBe(false);
    expect(queryTypeAllows(qt, 'create', 'Physician', true)).toBe(false);
    expect(queryTypeAllows(qt, 'defer', 'DataManager', true)).toBe(true);
  });
  it('looks up identifiers and blanks', () => {
    expect(fieldIdentifier(kitchenSinkIndex, 'f-icd10')).toBe('icd10');
    expect(fieldIdentifier(kitchenSinkIndex, 'f-none')).toBeUndefined();
    expect([null, undefined, '', ' \t'].every(isBlank)).toBe(true);
    expect(isBlank('0')).toBe(false);
  });
});
