import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INSURANCE_PLACEHOLDERS,
  INSURANCE_STATUS_KNOWN_GKV,
  isValidKvnr,
  kvnrCheckDigit,
  validatePrivateInsuranceNumber,
  validateStatutoryInsuranceNumber,
} from './insurance-number.js';

const invalid = 'Ungültige KVNr.';

describe('statutory insurance number, KVNR scheme (ecrf-calls.md §5)', () => {
  it('accepts the known valid example A123456780', () => {
    // A = 01; digits 0 1 1 2 3 4 5 6 7 8 weighted 1 2 1 2 ...: 0+2+1+4+3+8+5+(12→3)+7+(16→7) = 40 → 0.
    expect(kvnrCheckDigit('A', '12345678')).toBe(0);
    expect(validateStatutoryInsuranceNumber('A123456780')).toBeNull();
  });
  it('uses the letter as two digits: Z = 26', () => {
    // 2 6 1 2 3 4 5 6 7 8 → 2+(12→3)+1+4+3+8+5+(12→3)+7+(16→7) = 43 → 3.
    expect(kvnrCheckDigit('Z', '12345678')).toBe(3);
    expect(isValidKvnr('Z123456783')).toBe(true);
  });
  it('rejects a wrong check digit', () => {
    for (const last of '123456789') expect(validateStatutoryInsuranceNumber(`A12345678${last}`)).toBe(invalid);
  });
  it.each(['a123456780', 'A12345678', 'A1234567800', '1234567890', 'AA23456780', '', 'A12345678O'])('rejects malformed %s', (value) =>
    expect(validateStatutoryInsuranceNumber(value)).toBe(invalid),
  );
  it('detects every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        fc.stringMatching(/^\d{8}$/),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (letter, digits, pos, delta) => {
          const valid = `${letter}${digits}${kvnrCheckDigit(letter, digits)}`;
          expect(isValidKvnr(valid)).toBe(true);
          const changed = [...valid];
          changed[pos] = String((Number(changed[pos]) + delta) % 10);
          expect(isValidKvnr(changed.join(''))).toBe(false);
        },
      ),
    );
  });
  it('accepts the placeholders unless the status says the GKV number is known', () => {
    expect(INSURANCE_PLACEHOLDERS).toEqual(['970000011', '970001001', '970100001', '970000022', '970000099']);
    for (const placeholder of INSURANCE_PLACEHOLDERS) {
      expect(validateStatutoryInsuranceNumber(placeholder)).toBeNull();
      expect(validateStatutoryInsuranceNumber(placeholder, 'unbekannt')).toBeNull();
      expect(validateStatutoryInsuranceNumber(placeholder, INSURANCE_STATUS_KNOWN_GKV)).toBe(invalid);
    }
    expect(validateStatutoryInsuranceNumber('970000012')).toBe(invalid);
  });
});

describe('private insurance number (ecrf-calls.md §5, §9)', () => {
  it('1 to 15 characters', () => {
    expect(validatePrivateInsuranceNumber('X')).toBeNull();
    expect(validatePrivateInsuranceNumber('123456789012345')).toBeNull();
    expect(validatePrivateInsuranceNumber('1234567890123456')).toBe(invalid);
    expect(validatePrivateInsuranceNumber('')).toBe(invalid);
    expect(validatePrivateInsuranceNumber(null)).toBe(invalid);
  });
  it('not a placeholder', () => {
    for (const placeholder of INSURANCE_PLACEHOLDERS) expect(validatePrivateInsuranceNumber(placeholder)).toBe(invalid);
  });
});
