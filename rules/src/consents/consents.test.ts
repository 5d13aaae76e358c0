import { describe, expect, it } from 'vitest';
import { entriesOf, fieldOf } from '../__testUtils__/builders.js';
import { erikaContext, kitchenSinkIndex } from '../__testUtils__/personas.js';
import type { Instrument } from '../definition/instances.js';
import { applyConsentChangeReason, consent4FullyGiven, patientConsent4FullyGiven, readConsent4Entries } from './consents.js';

const yes = { processing: 'yes', contact: 'yes', retrospectiveHealthInsurance: 'yes', healthInsurance: 'yes' };

describe('consent 4 fully given (ecrf-calls.md §4, §9)', () => {
  it('needs all four policy answers yes and a complete instrument', () => {
    expect(consent4FullyGiven({ v4_1: yes, v4_0: null }, 'complete')).toBe(true);
    expect(consent4FullyGiven({ v4_1: yes, v4_0: null }, 'missing_data')).toBe(false);
    expect(consent4FullyGiven({ v4_1: yes, v4_0: null }, undefined)).toBe(false);
    for (const key of Object.keys(yes)) {
      expect(consent4FullyGiven({ v4_1: { ...yes, [key]: 'no' }, v4_0: null }, 'complete')).toBe(false);
      expect(consent4FullyGiven({ v4_1: { ...yes, [key]: null }, v4_0: null }, 'complete')).toBe(false);
    }
  });
  it('uses the 4.1 entry when there is one, else the 4.0 entry', () => {
    expect(consent4FullyGiven({ v4_1: { ...yes, contact: 'no' }, v4_0: yes }, 'complete')).toBe(false);
    expect(consent4FullyGiven({ v4_1: null, v4_0: yes }, 'complete')).toBe(true);
    expect(consent4FullyGiven({ v4_1: null, v4_0: null }, 'complete')).toBe(false);
  });
  it('reads the latest entries from the consents instrument', () => {
    const policies = (prefix: string, answer: string) => [
      fieldOf(`${prefix}_policy_processing`, answer),
      fieldOf(`${prefix}_policy_contact`, 'yes'),
      fieldOf(`${prefix}_policy_retro_health_insurance`, 'yes'),
      fieldOf(`${prefix}_policy_health_insurance`, 'yes'),
    ];
    const instrument: Instrument = {
      id: 'i',
      definitionId: 'id-consents',
      state: 'complete',
      fields: [fieldOf('c40', null, entriesOf('c40_entry', [policies('c40', 'no'), policies('c40', 'yes')]))],
    };
    expect(readConsent4Entries(instrument, kitchenSinkIndex)).toEqual({ v4_1: null, v4_0: yes });
  });
  it('for a patient: Erika has given consent 4.1; a no answer withdraws it', () => {
    expect(patientConsent4FullyGiven(erikaContext(), kitchenSinkIndex)).toBe(true);
    expect(patientConsent4FullyGiven(erikaContext({ consentAnswer: 'no' }), kitchenSinkIndex)).toBe(false);
    expect(patientConsent4FullyGiven({ ...erikaContext(), visits: [] }, kitchenSinkIndex)).toBe(false);
  });
});

describe('consent change reason (ecrf-calls.md §4)', () => {
  it('patientWithdrawal requires a withdrawal date', () => {
    expect(applyConsentChangeReason({ changeReason: 'patientWithdrawal', withdrawalDate: null })).toEqual({
      withdrawalDate: null,
      error: 'Wird benötigt',
    });
    expect(applyConsentChangeReason({ changeReason: 'patientWithdrawal', withdrawalDate: '2024-05-02' })).toEqual({
      withdrawalDate: '2024-05-02',
      error: null,
    });
  });
  it('any other reason clears the date', () => {
    expect(applyConsentChangeReason({ changeReason: 'correction', withdrawalDate: '2024-05-02' })).toEqual({
      withdrawalDate: null,
      error: null,
    });
    expect(applyConsentChangeReason({ changeReason: null, withdrawalDate: '2024-05-02' })).toEqual({ withdrawalDate: null, error: null });
  });
});
