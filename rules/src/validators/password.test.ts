import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  administratorPasswordPolicy,
  generatePassword,
  GENERATED_PASSWORD_LENGTH,
  passwordMessages,
  passwordStrengthErrors,
  validatePasswordChange,
} from './password.js';

describe('password strength (ecrf-core.md §5)', () => {
  it('accepts a password with 6 characters, upper, lower and digit', () => {
    expect(passwordStrengthErrors('Abcde1')).toEqual([]);
  });
  it.each([
    ['Abcd1', passwordMessages.minLength],
    ['abcdef1', passwordMessages.uppercase],
    ['ABCDEF1', passwordMessages.lowercase],
    ['Abcdefg', passwordMessages.digit],
  ])('rejects %s with %s', (password, message) => {
    expect(passwordStrengthErrors(password)).toEqual([message]);
  });
  it('lists every broken rule in the order of the spec', () => {
    expect(passwordStrengthErrors('a')).toEqual([passwordMessages.minLength, passwordMessages.uppercase, passwordMessages.digit]);
  });
  it('counts umlauts as letters', () => {
    expect(passwordStrengthErrors('Äöüß12')).toEqual([]);
  });
  it('requires a special character from the list for administrator-set passwords (ecrf-calls.md §5)', () => {
    expect(passwordStrengthErrors('Abcde1', 'administrator')).toEqual([passwordMessages.special]);
    expect(passwordStrengthErrors('Abcde1§', 'administrator')).toEqual([]);
    expect(passwordStrengthErrors('Abcde1#', 'administrator')).toEqual([passwordMessages.special]);
  });
});

describe('password change form (ecrf-core.md §5)', () => {
  const valid = { oldPassword: 'Altes1', newPassword: 'Neues1', repeatPassword: 'Neues1', showInClear: false };

  it('enables the change button for a valid form', () => {
    expect(validatePasswordChange(valid)).toEqual({
      errors: { oldPassword: [], newPassword: [], repeatPassword: [] },
      canSubmit: true,
    });
  });
  it('requires old and new password with the spec message', () => {
    const result = validatePasswordChange({ ...valid, oldPassword: '', newPassword: '', repeatPassword: '' });
    expect(result.errors.oldPassword).toEqual(['Wird Benötigt.']);
    expect(result.errors.newPassword).toEqual(['Wird Benötigt.']);
    expect(result.canSubmit).toBe(false);
  });
  it('refuses a new password equal to the old one', () => {
    const result = validatePasswordChange({ ...valid, newPassword: 'Altes1', repeatPassword: 'Altes1' });
    expect(result.errors.newPassword).toEqual(['Das alte und neue Passwort muss unterschiedlich sein']);
    expect(result.canSubmit).toBe(false);
  });
  it('requires the repeat to match', () => {
    const result = validatePasswordChange({ ...valid, repeatPassword: 'Neues2' });
    expect(result.errors.repeatPassword).toEqual(['Neue Passwörter müssen gleich sein']);
    expect(result.canSubmit).toBe(false);
  });
  it('ignores the hidden repeat field while the new password is shown in clear', () => {
    const result = validatePasswordChange({ ...valid, repeatPassword: '', showInClear: true });
    expect(result.canSubmit).toBe(true);
  });
});

describe('generated passwords (GET password)', () => {
  it('meet the administrator policy for any random source', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1 }), (fractions) => {
        let call = 0;
        const randomIndex = (bound: number) => Math.floor((fractions[call++ % fractions.length] as number) * bound);
        const password = generatePassword(randomIndex);
        expect([...password]).toHaveLength(GENERATED_PASSWORD_LENGTH);
        expect(passwordStrengthErrors(password, 'administrator')).toEqual([]);
      }),
    );
  });
  it('describe the policy with the messages of its rules', () => {
    expect(administratorPasswordPolicy).toEqual({
      minLength: 6,
      specialCharacters: '!§$%&/()=.,;:-',
      rules: [
        passwordMessages.minLength,
        passwordMessages.uppercase,
        passwordMessages.lowercase,
        passwordMessages.digit,
        passwordMessages.special,
      ],
    });
  });
});
