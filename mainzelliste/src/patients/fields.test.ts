import { describe, expect, it } from 'vitest';
import { matchDataOf, pickFields, validateFields } from './fields.js';

const today = '2025-06-15';
const erika = { vorname: 'Erika', nachname: 'Mustermann', geburtstag: '12', geburtsmonat: '08', geburtsjahr: '1964' };

describe('IDAT validation (mainzelliste-api.md §1 "Validators", ecrf-calls.md §5)', () => {
  it('accepts a complete identity', () => {
    expect(validateFields({ ...erika, plz: '01067', ort: 'Dresden', versicherungsnummer: 'A123456780' }, { today })).toEqual([]);
  });

  it('takes the oBDS gender codes and a street of at most 200 characters', () => {
    for (const geschlecht of ['M', 'W', 'D', 'X', 'U'])
      expect(validateFields({ ...erika, geschlecht, strasse: 'Hauptstraße 5a' }, { today })).toEqual([]);
    expect(validateFields({ ...erika, geschlecht: 'F' }, { today })).toEqual(['geschlecht: Ungültiges Geschlecht (M, W, D, X, U)']);
    expect(validateFields({ ...erika, strasse: 'x'.repeat(201) }, { today })).toEqual(['strasse: höchstens 200 Zeichen']);
  });

  it('needs the required fields', () => {
    expect(validateFields({ vorname: 'Erika' }, { today })).toEqual([
      'nachname: Wird benötigt',
      'geburtstag: Wird benötigt',
      'geburtsmonat: Wird benötigt',
      'geburtsjahr: Wird benötigt',
    ]);
  });

  it('lets the first name or the whole birth date be missing, not both, when the configuration allows it', () => {
    const allow = { today, allowOneMissingField: true };
    expect(validateFields({ ...erika, vorname: '' }, allow)).toEqual([]);
    expect(validateFields({ vorname: 'Erika', nachname: 'Mustermann' }, allow)).toEqual([]);
    expect(validateFields({ ...erika, geburtstag: '' }, allow)).toEqual(['geburtstag: Wird benötigt']);
    expect(validateFields({ nachname: 'Mustermann' }, allow)).toEqual([
      'vorname: Wird benötigt',
      'geburtstag: Wird benötigt',
      'geburtsmonat: Wird benötigt',
      'geburtsjahr: Wird benötigt',
    ]);
    expect(validateFields({ ...erika, nachname: '' }, allow)).toEqual(['nachname: Wird benötigt']);
    expect(validateFields({ ...erika, vorname: '' }, { today })).toEqual(['vorname: Wird benötigt']);
  });

  it.each([["O'Brien"], ['José'], ['Müller-Lüdenscheidt'], ['von der Heide']])('accepts the name %s', (nachname) => {
    expect(validateFields({ ...erika, nachname }, { today })).toEqual([]);
  });

  it.each([['R2D2'], ['Anna_Maria'], ['-']])('rejects the name %s', (vorname) => {
    expect(validateFields({ ...erika, vorname }, { today })).toEqual(['vorname: Ungültiger Name']);
  });

  it.each([
    [{ geburtstag: '1' }, 'Ungültiges Datum (ddMMyyyy)'],
    [{ geburtstag: '31', geburtsmonat: '02' }, 'Ungültiges Datum (ddMMyyyy)'],
    [{ geburtsjahr: '64' }, 'Ungültiges Datum (ddMMyyyy)'],
    [{ geburtstag: '16', geburtsmonat: '06', geburtsjahr: '2025' }, 'Datum liegt in der Zukunft'],
    [{ geburtsjahr: '1462' }, 'Datum liegt vor 1900'],
    [{ geburtstag: '31', geburtsmonat: '12', geburtsjahr: '1899' }, 'Datum liegt vor 1900'],
  ])('checks the date strictly: %j', (date, message) => {
    expect(validateFields({ ...erika, ...date }, { today })).toEqual([`geburtsdatum: ${message}`]);
  });

  it('accepts today as birth date (newborns)', () => {
    expect(validateFields({ ...erika, geburtstag: '15', geburtsmonat: '06', geburtsjahr: '2025' }, { today })).toEqual([]);
  });

  it('checks postal code and insurance number with the rules messages', () => {
    expect(validateFields({ ...erika, plz: '1067' }, { today })).toEqual(['plz: 5 Ziffern']);
    expect(validateFields({ ...erika, versicherungsnummer: 'A123456781' }, { today })).toEqual(['versicherungsnummer: Ungültige KVNr.']);
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
