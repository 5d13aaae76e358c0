import { describe, expect, it } from 'vitest';
import type { ConstraintDefinition } from '../definition/constraints.js';
import { andOf, constraintOf, evalOf, notOf, ruleOf } from '../__testUtils__/index.js';
import { redirectTarget } from './redirect-target.js';

const constraints = new Map<string, ConstraintDefinition>(
  [
    constraintOf('c-m0', 'SimpleFieldValue', 'equals', { fieldPath: 'tnm.m', value: '0' }),
    constraintOf('c-molecular-done', 'InstrumentDataValue', 'notEmpty', {
      instrument: 'molecular',
      visit: 'baseline',
      fieldPath: 'test_date',
    }),
    constraintOf('c-any-therapy', 'InstrumentDataValue', 'minCount', { instrument: 'systemic_therapy', value: '1' }),
  ].map((c) => [c.id, c]),
);
const lookup = (id: string) => constraints.get(id);

describe('redirectTarget', () => {
  it('names the instrument and visit that the condition reads, however deep', () => {
    const rule = ruleOf('Redirect', andOf(notOf(evalOf('c-m0')), notOf(evalOf('c-molecular-done'))), { displayKey: 'm.redirect' });
    expect(redirectTarget(rule, lookup)).toEqual({ instrument: 'molecular', visit: 'baseline' });
  });

  it('has no visit when the constraint names none, and no target when no instrument is read', () => {
    expect(redirectTarget(ruleOf('Redirect', 'c-any-therapy'), lookup)).toEqual({ instrument: 'systemic_therapy', visit: null });
    expect(redirectTarget(ruleOf('Redirect', 'c-m0'), lookup)).toBeNull();
    expect(redirectTarget(ruleOf('Redirect', null), lookup)).toBeNull();
  });
});
