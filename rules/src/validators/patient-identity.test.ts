import { describe, expect, it } from 'vitest';
import { patientIdentityErrors, validatePastDay, type PatientIdentityValues } from './patient-identity.js';

const valid: PatientIdentityValues = {
  firstName: 'Hedwig',
  lastName: 'Brandt',
  birthName: '',
  birthDate: '1950-03-14',
  gender: 'FEMALE',
  zip: '45182',
  insuranceStatus: 'STATUTORY_KNOWN',
  insuranceNumber: 'A123456780',
};
const today = '2026-11-21';

describe('patient identity rules (ecrf-calls.md §5)', () => {
  it('accepts a complete identity and optional fields left empty', () => {
    expect(patientIdentityErrors(valid, today)).toEqual({});
    expect(patientIdentityErrors({ ...valid, zip: ' ', insuranceStatus: 'NONE', insuranceNumber: '' }, today)).toEqual({});
  });
  it('names the first broken rule of each field with the German message', () => {
    const errors = patientIdentityErrors({ ...valid, firstName: '', zip: '4518', birthDate: '2027-01-01', gender: '' }, today);
    expect(errors).toEqual({
      firstName: 'Wird benötigt',
      zip: '5 Ziffern',
      birthDate: 'Datum liegt in der Zukunft',
      gender: 'Wird benötigt',
    });
  });
  it('refuses placeholders only under "KV-Nummer bekannt (GKV)"', () => {
    expect(patientIdentityErrors({ ...valid, insuranceNumber: '970000011' }, today).insuranceNumber).toBeTruthy();
    expect(patientIdentityErrors({ ...valid, insuranceStatus: 'STATUTORY', insuranceNumber: '970000011' }, today)).toEqual({});
    expect(
      patientIdentityErrors({ ...valid, insuranceStatus: 'PRIVATE', insuranceNumber: '1234567890123456' }, today).insuranceNumber,
    ).toBeTruthy();
  });
  it('takes real calendar days only', () => {
    expect(validatePastDay('2023-02-29', today)).toBe('Ungültiges Datum');
    expect(validatePastDay('2024-02-29', today)).toBeNull();
    expect(validatePastDay(today, today)).toBeNull();
  });
});
