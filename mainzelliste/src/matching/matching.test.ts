import { describe, expect, it } from 'vitest';
import { blockingKeys, blockingQuery } from './blocking.js';
import { defaultMatcherConfig, DEFAULT_TRANSFORMS } from './default-config.js';
import { createMatcher, fieldWeight } from './epilink.js';
import { prepareMatchData } from './prepare.js';

const matcher = createMatcher(defaultMatcherConfig());

const erika = {
  vorname: 'Erika',
  nachname: 'Mustermann',
  geburtsname: '',
  geburtstag: '12',
  geburtsmonat: '08',
  geburtsjahr: '1964',
  plz: '10117',
  ort: 'Berlin',
};
const data = (fields: Record<string, string>) => prepareMatchData(fields, DEFAULT_TRANSFORMS);
const scoreOf = (a: Record<string, string>, b: Record<string, string>): number =>
  matcher.score(matcher.prepare(data(a)), matcher.prepare(data(b)));

describe('EpiLink weights (mainzelliste-api.md §1 weight table)', () => {
  it.each([
    ['vorname', 0.000235, 0.01, 12.04],
    ['nachname', 0.0000271, 0.008, 15.16],
    ['geburtstag', 0.0333, 0.005, 4.9],
    ['geburtsmonat', 0.0833, 0.002, 3.58],
    ['geburtsjahr', 0.0286, 0.004, 5.12],
    ['plz', 0.01, 0.04, 6.58],
  ])('%s has weight %d', (_field, frequency, errorRate, weight) => {
    expect(fieldWeight({ frequency, errorRate })).toBeCloseTo(weight, 2);
  });
});

describe('EpiLink score', () => {
  it('is 1 for identical records and for differently written equal values', () => {
    expect(scoreOf(erika, erika)).toBe(1);
    expect(scoreOf(erika, { ...erika, vorname: ' erika ', geburtsmonat: '8', plz: '10117' })).toBe(1);
  });

  it.each([
    ['geburtstag', '13', 0.929],
    ['geburtsjahr', '1965', 0.926],
    ['geburtsmonat', '09', 0.948],
    ['plz', '10115', 0.905],
  ])('one wrong %s gives %d, only a possible match (the reference figures, all 8 fields filled)', (field, value, expected) => {
    const full = { ...erika, geburtsname: 'Mustermann' };
    const score = scoreOf(full, { ...full, [field]: value });
    expect(score).toBeCloseTo(expected, 3);
    expect(matcher.classify(score)).toBe('POSSIBLE_MATCH');
  });

  it('scores only fields non-empty on both sides', () => {
    expect(scoreOf(erika, { ...erika, plz: '', ort: '' })).toBe(1);
  });

  it('finds swapped first and last names through the exchange group', () => {
    expect(scoreOf(erika, { ...erika, vorname: 'Mustermann', nachname: 'Erika' })).toBe(1);
  });

  it('matches a surname changed at marriage when the birth name is given', () => {
    expect(scoreOf(erika, { ...erika, nachname: 'Schmidt', geburtsname: 'Mustermann' })).toBe(1);
  });

  it('compares decomposed names part by part', () => {
    expect(scoreOf({ ...erika, vorname: 'Anna-Maria' }, { ...erika, vorname: 'Maria' })).toBe(1);
    expect(scoreOf({ ...erika, nachname: 'von Goethe' }, { ...erika, nachname: 'Goethe' })).toBe(1);
  });

  it('gives a typo a score below 1 that still matches', () => {
    const score = scoreOf(erika, { ...erika, nachname: 'Musterman' });
    expect(score).toBeLessThan(1);
    expect(matcher.classify(score)).toBe('MATCH');
  });

  it('never drops a differing surname by moving it onto an empty birth name', () => {
    expect(scoreOf(erika, { ...erika, nachname: 'Schulz' })).toBeLessThan(0.95);
  });

  it('classifies a different person as non-match', () => {
    const score = scoreOf(erika, {
      vorname: 'Hans',
      nachname: 'Schulz',
      geburtsname: '',
      geburtstag: '01',
      geburtsmonat: '02',
      geburtsjahr: '1950',
      plz: '80331',
      ort: 'München',
    });
    expect(matcher.classify(score)).toBe('NON_MATCH');
  });

  it('makes a different insurance number a possible match only', () => {
    const withNumber = { ...erika, versicherungsnummer: 'A123456780' };
    const score = scoreOf(withNumber, { ...withNumber, versicherungsnummer: 'Z123456783' });
    expect(score).toBeCloseTo(0.73, 2);
    expect(matcher.classify(score)).toBe('POSSIBLE_MATCH');
  });
});

describe('bestMatch', () => {
  it('returns the best candidate, and none with -MAX_VALUE when there is no candidate', () => {
    const result = matcher.bestMatch(data(erika), [
      { key: 'other', data: data({ ...erika, vorname: 'Hans', nachname: 'Schulz' }) },
      { key: 'erika', data: data(erika) },
    ]);
    expect(result).toEqual({ type: 'MATCH', score: 1, best: 'erika' });
    expect(matcher.bestMatch(data(erika), [])).toEqual({ type: 'NON_MATCH', score: -Number.MAX_VALUE, best: null });
  });

  it('reports the score of a non-match without a best patient', () => {
    const result = matcher.bestMatch(data(erika), [
      { key: 'x', data: data({ ...erika, vorname: 'Hans', nachname: 'Schulz', geburtsjahr: '1950', plz: '80331', ort: 'München' }) },
    ]);
    expect(result.type).toBe('NON_MATCH');
    expect(result.best).toBeNull();
    expect(result.score).toBeGreaterThan(0);
  });
});

describe('blocking keys', () => {
  it('derives phonetic, date and first-name keys', () => {
    expect(blockingKeys(data({ ...erika, nachname: 'Meyer', geburtsname: 'Müller' }))).toEqual({
      nachnameYear: '67:1964',
      geburtsnameYear: '657:1964',
      names: '074:67',
      birthDate: '1964-08-12',
      firstNameYear: '074:1964',
      firstNameDayMonth: '074:08-12',
      surnameDayMonth: '67:08-12',
      firstNameInitial: '074:M',
      surnameInitial: '67:E',
      insurance: null,
    });
  });

  it('asks for the swapped date and for every exchange-group name code', () => {
    const query = blockingQuery(data(erika));
    expect(query.birthDates).toEqual(['1964-08-12', '1964-12-08']);
    expect(query.surnameYears).toContain(blockingKeys(data({ ...erika, nachname: 'Erika' })).nachnameYear);
    expect(query.names).toContain(blockingKeys(data({ ...erika, vorname: 'Mustermann', nachname: 'Erika' })).names);
  });

  it('meets a record without a birth date through the names', () => {
    const stored = blockingKeys(data({ ...erika, geburtstag: '', geburtsmonat: '', geburtsjahr: '' }));
    expect(stored.nachnameYear).toBeNull();
    expect(blockingQuery(data(erika)).names).toContain(stored.names);
  });

  it('still meets a record whose surname typo changes its code while the birth year is wrong', () => {
    const stored = blockingKeys(data(erika));
    const query = blockingQuery(data({ ...erika, nachname: 'Muktermann', geburtsjahr: '1946' }));
    expect(query.surnameYears).not.toContain(stored.nachnameYear);
    expect(query.names).not.toContain(stored.names);
    expect(query.birthDates).not.toContain(stored.birthDate);
    expect(query.firstNameYears).not.toContain(stored.firstNameYear);
    expect(query.nameDayMonths).toContain(stored.firstNameDayMonth);
  });

  it('meets a record from a lookup without a birth date whose surname typo changes its code (issue 29)', () => {
    const stored = blockingKeys(data(erika));
    const query = blockingQuery(data({ ...erika, nachname: 'Muktermann', geburtstag: '', geburtsmonat: '', geburtsjahr: '' }));
    expect(query.names).not.toContain(stored.names);
    expect(query.nameInitials).toContain(stored.firstNameInitial);
    // Lookups with a birth date have other keys and do not read these blocks.
    expect(blockingQuery(data(erika)).nameInitials).toEqual([]);
  });
});
