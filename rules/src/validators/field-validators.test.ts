import { describe, expect, it } from 'vitest';
import { isValidCronExpression, normalizeCronExpression } from './cron.js';
import {
  validateCronExpression,
  validateEmail,
  validateIdentifier,
  validateInstituteIdentifier,
  validateName,
  validateNotNull,
  validateOneConsentRequired,
  validateOptionalEmail,
  validateOptionalPhone,
  validatePostalCode,
  validateRequired,
  validateUserName,
} from './field-validators.js';
import { validatorMessages } from './messages.js';

describe('validator messages are the exact German texts of ecrf-calls.md §5', () => {
  it('has every message', () => {
    expect(validatorMessages).toEqual({
      required: 'Wird benötigt',
      name: 'Ungültiger Name',
      oneConsentRequired: 'Eine der beiden Angaben wird benötigt',
      email: 'Ungültige Emailaddresse',
      instituteIdentifier: '4 Ziffern',
      identifier: 'a-z, A-Z, 0-9, _ erlaubt',
      cron: 'Cron Syntax',
      postalCode: '5 Ziffern',
      phone: 'Ziffern und Bindestrich erlaubt',
      userName: "Benutzername darf nur Zeichen wie 'A-Z', '0-9', '_' oder '-' enthalten",
      insuranceNumber: 'Ungültige KVNr.',
    });
  });
});

describe.each([
  ['required', validateRequired, ['x', '0'], ['', '   ', null, undefined], validatorMessages.required],
  ['notNull', validateNotNull, ['x'], [null, ''], validatorMessages.required],
  [
    'name',
    validateName,
    ['Müller-Lüdenscheidt', 'Anna Maria', 'José', 'Weiß'],
    ['', 'R2D2', "O'Brien", 'Anna_Maria', '-', ' '],
    validatorMessages.name,
  ],
  [
    'email',
    validateEmail,
    ['erika.musterfrau@klinik.de', 'a+b@x.co'],
    ['', 'erika', 'erika@', 'erika@klinik', 'er ika@klinik.de', 'a@b.c'],
    validatorMessages.email,
  ],
  ['optional email', validateOptionalEmail, ['', null, 'a@klinik.de'], ['a@klinik'], validatorMessages.email],
  [
    'institute identifier',
    validateInstituteIdentifier,
    ['1001', '0000'],
    ['', '100', '10011', '10a1', ' 1001'],
    validatorMessages.instituteIdentifier,
  ],
  ['identifier', validateIdentifier, ['consent_4_1', 'ABC', '_'], ['', 'consent-4', 'a b', 'ä'], validatorMessages.identifier],
  ['postal code', validatePostalCode, ['10117', '01067'], ['', '1011', '101170', '1O117'], validatorMessages.postalCode],
  ['optional phone', validateOptionalPhone, ['', null, '030-4505', '0304505'], ['+49 30', '030/4505', 'abc'], validatorMessages.phone],
  ['user name', validateUserName, ['erika.m', 'dana_data-2', 'X'], ['', 'erika m', 'erika@klinik', 'ärzte'], validatorMessages.userName],
  [
    'cron expression',
    validateCronExpression,
    ['', null, '30 4 * * *', '*/15 0-6 1,15 JAN-MAR mon-fri'],
    ['* * * *', 'x * * * *'],
    validatorMessages.cron,
  ],
])('%s validator (ecrf-calls.md §5)', (_name, validate, valid, invalid, message) => {
  it.each(valid)('accepts %j', (value) => expect(validate(value)).toBeNull());
  it.each(invalid)('rejects %j', (value) => expect(validate(value)).toBe(message));
});

describe('oneConsentRequired', () => {
  it('needs one of the two entries', () => {
    expect(validateOneConsentRequired('yes', null)).toBeNull();
    expect(validateOneConsentRequired('', '2024-01-01')).toBeNull();
    expect(validateOneConsentRequired(' ', null)).toBe(validatorMessages.oneConsentRequired);
  });
});

describe('cron syntax', () => {
  it.each([
    '0 0 * * *',
    '59 23 31 12 7',
    '0 0 1 * SUN',
    '0 6 * jan mon-fri',
    '0,30 8-18/2 * * 1-5',
    '* * * * *',
    '  5   4 * * *  ',
    '0 0 29 2 *',
    '0 0 L * *',
    '0 0 * * 5#2',
  ])('accepts %s', (cron) => expect(isValidCronExpression(cron)).toBe(true));
  it.each([
    '60 0 * * *',
    '0 24 * * *',
    '0 0 0 * *',
    '0 0 32 * *',
    '0 0 * 13 *',
    '0 0 * * 8',
    '5-1 * * * *',
    '*/0 * * * *',
    '1/2/3 * * * *',
    '0 0 * FOO *',
    '0 0 * * * *',
    '1,,2 * * * *',
    'JAN * * * *',
    '0 0 31 2 *',
    '@daily',
    '0 0 0 * * 2030',
    '',
  ])('rejects %s', (cron) => expect(isValidCronExpression(cron)).toBe(false));

  it('stores an expression trimmed with single spaces, a blank one as no schedule', () => {
    expect(normalizeCronExpression('  5   4 * * *  ')).toBe('5 4 * * *');
    expect(normalizeCronExpression(' ')).toBeNull();
    expect(normalizeCronExpression(null)).toBeNull();
  });
});
