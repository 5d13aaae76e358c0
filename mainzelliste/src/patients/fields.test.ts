import { describe, expect, it } from 'vitest';
import { matchDataOf, pickFields, validateFields } from './fields.js';

const today = '2025-06-15';
const erika = { vorname: 'Erika', nachname: 'Mustermann', geburtstag: '12', geburtsmonat: '08', geburtsjahr: '1964' };
const empty = (key: string) => `Field ${key} must not be empty!`;
/** Mainzelliste's default name format, quoted in its refusal. */
const NAME_FORMAT = "[A-Za-zäÄöÖüÜß\\.\\-' ]*[A-Za-zäÄöÖüÜß]+[A-Za-zäÄöÖüÜß\\.\\-' ]*";

describe('IDAT validation with Mainzelliste\'s refusal texts (mainzelliste-api.md §1 "Validators", ecrf-calls.md §5)', () => {
  it('accepts a complete identity', () => {
    expect(validateFields({ ...erika, plz: '01067', ort: 'Dresden', versicherungsnummer: 'A123456780' }, { today })).toEqual([]);
  });

  it('takes the oBDS gender codes and a street of at most 200 characters', () => {
    for (const geschlecht of ['M', 'W', 'D', 'X', 'U'])
      expect(validateFields({ ...erika, geschlecht, strasse: 'Hauptstraße 5a' }, { today })).toEqual([]);
    expect(validateFields({ ...erika, geschlecht: 'F' }, { today })).toEqual([
      'Field geschlecht does not conform to the required formatM|W|D|X|U',
    ]);
    expect(validateFields({ ...erika, strasse: 'x'.repeat(201) }, { today })).toEqual([
      'Field strasse must not be longer than 200 characters!',
    ]);
  });

  it('needs the required fields', () => {
    expect(validateFields({ vorname: 'Erika' }, { today })).toEqual([
      empty('nachname'),
      empty('geburtstag'),
      empty('geburtsmonat'),
      empty('geburtsjahr'),
    ]);
  });

  it('lets the first name or the whole birth date be missing, not both, when the configuration allows it', () => {
    const allow = { today, allowOneMissingField: true };
    expect(validateFields({ ...erika, vorname: '' }, allow)).toEqual([]);
    expect(validateFields({ vorname: 'Erika', nachname: 'Mustermann' }, allow)).toEqual([]);
    expect(validateFields({ ...erika, geburtstag: '' }, allow)).toEqual([empty('geburtstag')]);
    expect(validateFields({ nachname: 'Mustermann' }, allow)).toEqual([
      empty('vorname'),
      empty('geburtstag'),
      empty('geburtsmonat'),
      empty('geburtsjahr'),
    ]);
    expect(validateFields({ ...erika, nachname: '' }, allow)).toEqual([empty('nachname')]);
    expect(validateFields({ ...erika, vorname: '' }, { today })).toEqual([empty('vorname')]);
  });

  it.each([["O'Brien"], ['José'], ['Müller-Lüdenscheidt'], ['von der Heide']])('accepts the name %s', (nachname) => {
    expect(validateFields({ ...erika, nachname }, { today })).toEqual([]);
  });

  it.each([['R2D2'], ['Anna_Maria'], ['-']])('rejects the name %s', (vorname) => {
    expect(validateFields({ ...erika, vorname }, { today })).toEqual([
      `Field vorname does not conform to the required format${NAME_FORMAT}`,
    ]);
  });

  it.each([
    [{ geburtstag: '1' }, '1081964 is not a valid date!'],
    [{ geburtstag: '31', geburtsmonat: '02' }, '31021964 is not a valid date!'],
    [{ geburtsjahr: '64' }, '120864 is not a valid date!'],
    [{ geburtstag: '16', geburtsmonat: '06', geburtsjahr: '2025' }, '16062025 is in the future!'],
    [{ geburtsjahr: '1462' }, '12081462 is before 1900!'],
    [{ geburtstag: '31', geburtsmonat: '12', geburtsjahr: '1899' }, '31121899 is before 1900!'],
  ])('checks the date strictly: %j', (date, message) => {
    expect(validateFields({ ...erika, ...date }, { today })).toEqual([message]);
  });

  it('accepts today as birth date (newborns)', () => {
    expect(validateFields({ ...erika, geburtstag: '15', geburtsmonat: '06', geburtsjahr: '2025' }, { today })).toEqual([]);
  });

  it('checks postal code and insurance number with the rules of @ecrf/rules', () => {
    expect(validateFields({ ...erika, plz: '1067' }, { today })).toEqual(['Field plz does not conform to the required format\\d{5}']);
    expect(validateFields({ ...erika, versicherungsnummer: 'A123456781' }, { today })).toEqual([
      'Field versicherungsnummer does not conform to the required format of a KVNR with its check digit, a placeholder or a private number',
    ]);
    expect(validateFields({ ...erika, versicherungsnummer: '970000011' }, { today })).toEqual([]);
    expect(validateFields({ ...erika, versicherungsnummer: 'PKV-4711' }, { today })).toEqual([]);
  });
});

describe('pickFields and matchDataOf', () => {
  it('keeps configured fields only and leaves placeholder numbers out of matching', () => {
    expect(
      pickFields({ vorname: 'Erika', sureness: 'true', geburtsjahr: 1964, x: 'y', geschlecht: 'W', strasse: 'Hauptstraße 5' }),
    ).toEqual({ vorname: 'Erika', geburtsjahr: '1964', geschlecht: 'W', strasse: 'Hauptstraße 5' });
    expect(matchDataOf({ ...erika, versicherungsnummer: '970000011' }).versicherungsnummer).toBe('');
    expect(matchDataOf({ ...erika, geburtsmonat: '08' }).geburtsmonat).toBe('8');
  });

  it('leaves gender and street out of matching: IDAT, but no matching fields', () => {
    expect(matchDataOf({ ...erika, geschlecht: 'W', strasse: 'Hauptstraße 5' })).toEqual(matchDataOf(erika));
  });
});
