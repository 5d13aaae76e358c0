import { describe, expect, it } from 'vitest';
import { EMPTY_IDENTITY, formOf, identityInput, insuranceStatusOf, validateIdentity, type IdentityForm } from './identityForm';

const TODAY = '2026-11-21';
const valid: IdentityForm = {
  ...EMPTY_IDENTITY,
  firstName: 'Hedwig',
  lastName: 'Müller-Lüdenscheidt',
  birthDate: '1950-03-14',
  gender: 'FEMALE',
  street: 'Rüttenscheider Straße 12',
  zip: '45127',
  city: 'Essen',
  insuranceStatus: 'STATUTORY_KNOWN',
  insuranceNumber: 'A123456780',
};
const errorsOf = (changes: Partial<IdentityForm>) => validateIdentity({ ...valid, ...changes }, TODAY);

describe('validateIdentity (ecrf-calls.md §5)', () => {
  it('accepts valid master data', () => {
    expect(validateIdentity(valid, TODAY)).toEqual({});
  });

  it('needs first name, last name, birth date and gender, but no street', () => {
    expect(validateIdentity(EMPTY_IDENTITY, TODAY)).toMatchObject({
      'identity.firstName': ['Wird benötigt'],
      'identity.lastName': ['Wird benötigt'],
      'identity.birthDate': ['Wird benötigt'],
      'identity.gender': ['Wird benötigt'],
    });
    expect(errorsOf({ gender: '' })).toEqual({ 'identity.gender': ['Wird benötigt'] });
    expect(errorsOf({ street: '' })).toEqual({});
  });

  it('checks names, postal code and dates with the German messages', () => {
    expect(errorsOf({ firstName: 'H3dwig', birthName: 'Meier!', zip: '4512', birthDate: '2027-01-01' })).toEqual({
      'identity.firstName': ['Ungültiger Name'],
      'identity.birthName': ['Ungültiger Name'],
      'identity.zip': ['5 Ziffern'],
      'identity.birthDate': ['Datum liegt in der Zukunft'],
    });
    expect(errorsOf({ birthDate: '1950-02-30' })).toEqual({ 'identity.birthDate': ['Ungültiges Datum'] });
    expect(errorsOf({ birthName: '', zip: '', city: '' })).toEqual({});
  });

  it('checks a statutory number with its check digit and refuses placeholders when the number is known (GKV)', () => {
    expect(errorsOf({ insuranceNumber: 'A123456789' })).toEqual({ 'identity.insuranceNumber': ['Ungültige KVNr.'] });
    expect(errorsOf({ insuranceNumber: '970000011' })).toEqual({ 'identity.insuranceNumber': ['Ungültige KVNr.'] });
    expect(errorsOf({ insuranceNumber: '' })).toEqual({ 'identity.insuranceNumber': ['Ungültige KVNr.'] });
  });

  it('accepts placeholders when the statutory number is not known', () => {
    for (const placeholder of ['970000011', '970001001', '970100001', '970000022', '970000099']) {
      expect(errorsOf({ insuranceStatus: 'STATUTORY', insuranceNumber: placeholder })).toEqual({});
    }
  });

  it('takes a private number of 1 to 15 characters that is no placeholder', () => {
    expect(errorsOf({ insuranceStatus: 'PRIVATE', insuranceNumber: 'PKV-123' })).toEqual({});
    expect(errorsOf({ insuranceStatus: 'PRIVATE', insuranceNumber: '1234567890123456' })).toEqual({
      'identity.insuranceNumber': ['Ungültige KVNr.'],
    });
    expect(errorsOf({ insuranceStatus: 'PRIVATE', insuranceNumber: '970000099' })).toEqual({
      'identity.insuranceNumber': ['Ungültige KVNr.'],
    });
    expect(errorsOf({ insuranceStatus: 'NONE', insuranceNumber: 'anything' })).toEqual({});
  });
});

describe('identityInput and formOf', () => {
  it('trims, leaves empty optional fields out and drops the number when there is none', () => {
    expect(identityInput({ ...valid, firstName: ' Hedwig ', city: ' ', insuranceStatus: 'NONE' })).toEqual({
      firstName: 'Hedwig',
      lastName: 'Müller-Lüdenscheidt',
      birthName: null,
      birthDate: '1950-03-14',
      gender: 'FEMALE',
      street: 'Rüttenscheider Straße 12',
      zip: '45127',
      city: null,
      insuranceStatus: 'NONE',
      insuranceNumber: null,
    });
    expect(identityInput({ ...valid, street: ' ' }).street).toBeNull();
  });

  it('infers the insurance status from the stored number, which the service keeps without a status', () => {
    expect([insuranceStatusOf(''), insuranceStatusOf('970000011'), insuranceStatusOf('A123456780'), insuranceStatusOf('PKV-1')]).toEqual([
      'NONE',
      'STATUTORY',
      'STATUTORY_KNOWN',
      'PRIVATE',
    ]);
    expect(formOf({ firstName: 'Hedwig', lastName: null, insuranceNumber: 'A123456780' })).toEqual({
      ...EMPTY_IDENTITY,
      firstName: 'Hedwig',
      insuranceNumber: 'A123456780',
      insuranceStatus: 'STATUTORY_KNOWN',
    });
  });

  it('takes the stored gender and street; an identity without gender starts unchosen', () => {
    expect(formOf({ gender: 'DIVERSE', street: 'Marienplatz 8' })).toMatchObject({ gender: 'DIVERSE', street: 'Marienplatz 8' });
    expect(formOf({ gender: null }).gender).toBe('');
  });
});
