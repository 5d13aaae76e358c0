import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH, accessCodeFromBytes, formatAccessCode, normalizeAccessCode } from './access-code.js';

describe('questionnaire access codes', () => {
  it('draws 20 characters of the alphabet from random bytes, each byte value mapped evenly', () => {
    const code = accessCodeFromBytes(Uint8Array.from({ length: 20 }, (_, i) => i * 13));
    expect(code).toHaveLength(ACCESS_CODE_LENGTH);
    expect(accessCodeFromBytes(new Uint8Array(20).fill(31))).toBe('Z'.repeat(20));
    expect(accessCodeFromBytes(new Uint8Array(20).fill(32))).toBe('0'.repeat(20));
    expect(() => accessCodeFromBytes(new Uint8Array(19))).toThrow();
  });

  it('reads what a patient types: groups, case, spaces and look-alike letters', () => {
    const code = '7K3MQ9ZX1P0V4RT8WN2H';
    expect(formatAccessCode(code)).toBe('7K3M-Q9ZX-1P0V-4RT8-WN2H');
    expect(normalizeAccessCode('7k3m-q9zx-1p0v-4rt8-wn2h')).toBe(code);
    expect(normalizeAccessCode(' 7K3M Q9ZX lPOV 4RT8 WN2H ')).toBe(code);
    expect(normalizeAccessCode('7K3M-Q9ZX-1P0V-4RT8')).toBeNull();
    expect(normalizeAccessCode('7K3M-Q9ZX-1P0V-4RT8-WN2U')).toBeNull();
  });

  it('normalises every formatted code back to itself', () => {
    const alphabetChar = fc.constantFrom(...ACCESS_CODE_ALPHABET);
    fc.assert(
      fc.property(fc.array(alphabetChar, { minLength: 20, maxLength: 20 }), (chars) => {
        const code = chars.join('');
        expect(normalizeAccessCode(formatAccessCode(code).toLowerCase())).toBe(code);
      }),
    );
  });
});
