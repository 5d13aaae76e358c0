import { describe, expect, it } from 'vitest';
import { entriesOf, fieldOf } from '../__testUtils__/builders.js';
import { kitchenSinkIndex } from '../__testUtils__/personas.js';
import type { Instrument, InstrumentState } from '../definition/instances.js';
import { consentAllowsPublication, consentSummary } from './consent-summary.js';

const entry41 = (answer: string, withdrawal: string | null = null) => [
  fieldOf('c41_policy_processing', answer),
  fieldOf('c41_policy_contact', 'yes'),
  fieldOf('c41_policy_retro_health_insurance', 'yes'),
  fieldOf('c41_policy_health_insurance', 'yes'),
  fieldOf('c41_change_reason', withdrawal === null ? null : 'patientWithdrawal'),
  fieldOf('c41_withdrawal_date', withdrawal),
];
const consents = (entries: ReturnType<typeof entry41>[], state: InstrumentState = 'complete'): Instrument => ({
  id: 'i',
  definitionId: 'id-consents',
  state,
  fields: [fieldOf('c41', null, entriesOf('c41_entry', entries))],
});

describe('consent summary of the consent exports', () => {
  it('reports the newest version, the consent 4 policies and fully given', () => {
    const summary = consentSummary(consents([entry41('yes')]), kitchenSinkIndex, '2025-01-01');
    expect(summary).toMatchObject({
      version: '4.1',
      fullyGiven: true,
      withdrawn: false,
      withdrawalDate: null,
      instrumentState: 'complete',
    });
    expect(summary.policies).toEqual({ processing: 'yes', contact: 'yes', retrospectiveHealthInsurance: 'yes', healthInsurance: 'yes' });
    expect(consentAllowsPublication(summary)).toBe(true);
  });
  it('allows no publication without a complete consent 4, with a no answer or after a withdrawal', () => {
    expect(consentAllowsPublication(consentSummary(consents([entry41('yes')], 'missing_data'), kitchenSinkIndex, '2025-01-01'))).toBe(
      false,
    );
    expect(consentAllowsPublication(consentSummary(consents([entry41('no')]), kitchenSinkIndex, '2025-01-01'))).toBe(false);
    const withdrawn = consentSummary(consents([entry41('yes', '2024-06-01')]), kitchenSinkIndex, '2025-01-01');
    expect(withdrawn).toMatchObject({ withdrawn: true, withdrawalDate: '2024-06-01', changeReason: 'patientWithdrawal' });
    expect(consentAllowsPublication(withdrawn)).toBe(false);
  });
  it('counts a withdrawal only from its date on', () => {
    const summary = consentSummary(consents([entry41('yes', '2025-02-01')]), kitchenSinkIndex, '2025-01-01');
    expect(summary.withdrawn).toBe(false);
    expect(consentAllowsPublication(summary)).toBe(true);
  });
  it('reports nothing documented without a consents instrument', () => {
    expect(consentSummary(undefined, kitchenSinkIndex, '2025-01-01')).toEqual({
      version: null,
      consentDate: null,
      changeReason: null,
      policies: null,
      fullyGiven: false,
      withdrawalDate: null,
      withdrawn: false,
      instrumentState: null,
    });
  });
});
