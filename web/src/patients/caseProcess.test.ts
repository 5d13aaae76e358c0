import { describe, expect, it } from 'vitest';
import { NNGM_CASE_PROCESS } from '@ecrf/rules';
import { caseProcessLabel, caseProcessSummary } from './caseProcess';

describe('case process labels', () => {
  it('names every step, main state and sub state of the catalogue in German', () => {
    const identifiers = NNGM_CASE_PROCESS.flatMap((step) => [step.identifier, ...step.mainStates, ...step.subStates]);
    expect(identifiers.filter((identifier) => caseProcessLabel(identifier) === identifier)).toEqual([]);
  });
  it('shows an identifier it does not know as it is', () => {
    expect(caseProcessLabel('new_step')).toBe('new_step');
  });
});

describe('case process summary', () => {
  it('names the stopping step first, else the latest filled step', () => {
    expect(caseProcessSummary({ definitionIdentifier: 'sample_receipt' }, { definitionIdentifier: 'follow_up' })).toBe(
      'Der Fallverlauf ist bei „Probeneingang“ gestoppt.',
    );
    expect(caseProcessSummary(null, { definitionIdentifier: 'follow_up' })).toBe('Zuletzt erfasster Schritt: Nachbeobachtung');
    expect(caseProcessSummary(null, null)).toBe('Noch kein Schritt erfasst.');
  });
});
