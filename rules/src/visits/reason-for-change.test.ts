import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InstrumentState } from '../definition/instances.js';
import { givenReason, reasonForChangeRequired } from './reason-for-change.js';

const state = fc.constantFrom<InstrumentState>('new', 'missing_data', 'complete');
const visit = fc.option(fc.record({ state, isSigned: fc.boolean() }), { nil: null });

describe('reasonForChangeRequired', () => {
  it('asks for a reason on a complete form, and on any form of a complete or signed visit', () => {
    expect(reasonForChangeRequired({ formState: 'complete', visit: null })).toBe(true);
    expect(reasonForChangeRequired({ formState: 'missing_data', visit: { state: 'complete', isSigned: false } })).toBe(true);
    expect(reasonForChangeRequired({ formState: null, visit: { state: 'missing_data', isSigned: true } })).toBe(true);
  });
  it('does not ask while neither the form nor its visit is complete or signed', () => {
    expect(reasonForChangeRequired({ formState: null, visit: null })).toBe(false);
    expect(reasonForChangeRequired({ formState: 'missing_data', visit: { state: 'missing_data', isSigned: false } })).toBe(false);
    expect(reasonForChangeRequired({ formState: 'new', visit: { state: 'new', isSigned: false } })).toBe(false);
  });
  it('never asks less when the form sits in a visit', () => {
    fc.assert(
      fc.property(fc.option(state, { nil: null }), visit, (formState, inVisit) => {
        if (reasonForChangeRequired({ formState, visit: null })) expect(reasonForChangeRequired({ formState, visit: inVisit })).toBe(true);
      }),
    );
  });
});

describe('givenReason', () => {
  it('takes a blank reason as none and trims the others', () => {
    expect(givenReason('   ')).toBeNull();
    expect(givenReason('\t\n')).toBeNull();
    expect(givenReason(undefined)).toBeNull();
    expect(givenReason('  Tippfehler ')).toBe('Tippfehler');
  });
});
