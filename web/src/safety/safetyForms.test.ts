import { describe, expect, it } from 'vitest';
import { defaultFromDate, errorsByList, fieldListFromText, fieldListText, screeningValueText } from './safetyForms';

describe('defaultFromDate', () => {
  it('is the registry day a week back, by Berlin’s calendar', () => {
    expect(defaultFromDate(new Date('2025-03-08T23:30:00Z'))).toBe('2025-03-02');
    expect(defaultFromDate(new Date('2025-01-03T12:00:00Z'))).toBe('2024-12-27');
  });
});

describe('field lists', () => {
  it('reads one name per line, dropping blanks, and writes them back', () => {
    const names = fieldListFromText(' sex \r\n\n  baseline.baseline_date\n ');
    expect(names).toEqual(['sex', 'baseline.baseline_date']);
    expect(fieldListText(names)).toBe('sex\nbaseline.baseline_date');
  });

  it('files the errors of a save under their list', () => {
    expect(
      errorsByList([
        { message: 'a', path: ['visitFields', '0'] },
        { message: 'b', path: ['instrumentFields', '2'] },
        { message: 'c', path: null },
      ]),
    ).toEqual({ studyPatientFields: [], visitFields: ['a'], instrumentFields: ['b'], general: ['c'] });
  });
});

describe('screeningValueText', () => {
  it('shows dates as dd.MM.yyyy, other values as they are, and a dash for nothing', () => {
    expect([
      screeningValueText('2022-03-15'),
      screeningValueText('Weiblich'),
      screeningValueText('C34.1'),
      screeningValueText(null),
    ]).toEqual(['15.03.2022', 'Weiblich', 'C34.1', '–']);
  });
});
