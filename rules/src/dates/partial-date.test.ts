import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addYears,
  compareDateTexts,
  comparePartialDates,
  daysInMonth,
  formatDisplayDate,
  formatStorageDate,
  hasReached,
  parsePartialDate,
} from './partial-date.js';
import type { PartialDate, UnknownPart } from './partial-date.js';

const unknownPart = fc.constantFrom<UnknownPart>('X', 'UK');

/** Valid partial dates: no known part finer than an unknown one, days within their month. */
const partialDate: fc.Arbitrary<PartialDate> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        year: fc.integer({ min: 1, max: 9999 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 31 }),
        cut: fc.nat(2),
        u1: unknownPart,
        u2: unknownPart,
      })
      .map(({ year, month, day, cut, u1, u2 }): PartialDate => {
        const d = Math.min(day, daysInMonth(month, year));
        if (cut === 0) return { kind: 'date', year, month, day: d };
        if (cut === 1) return { kind: 'date', year, month, day: u1 };
        return { kind: 'date', year, month: u1, day: u2 };
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ y: unknownPart, m: unknownPart, d: unknownPart })
      .map(({ y, m, d }): PartialDate => ({ kind: 'date', year: y, month: m, day: d })),
  },
  { weight: 1, arbitrary: fc.constantFrom<PartialDate>({ kind: 'ongoing' }, { kind: 'unknown' }) },
);

const completeDate = fc
  .record({ year: fc.integer({ min: 1900, max: 2100 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ year, month, day }): PartialDate => ({ kind: 'date', year, month, day: Math.min(day, daysInMonth(month, year)) }));

describe('partial dates: parsing and formatting (ecrf-core.md §3, §9)', () => {
  it('parses storage and display forms with placeholders', () => {
    expect(parsePartialDate('2021-05-XX')).toEqual({ kind: 'date', year: 2021, month: 5, day: 'X' });
    expect(parsePartialDate('UK.05.2021')).toEqual({ kind: 'date', year: 2021, month: 5, day: 'UK' });
    expect(parsePartialDate('XXXX-XX-XX')).toEqual({ kind: 'date', year: 'X', month: 'X', day: 'X' });
    expect(parsePartialDate('UK-UK-UK')).toEqual({ kind: 'date', year: 'UK', month: 'UK', day: 'UK' });
    expect(parsePartialDate('ongoing')).toEqual({ kind: 'ongoing' });
    expect(parsePartialDate('unknown')).toEqual({ kind: 'unknown' });
    expect(parsePartialDate('2022-03-15T10:30:00Z')).toEqual({ kind: 'date', year: 2022, month: 3, day: 15 });
  });
  it.each(['2021-02-29', '2021-13-01', '2021-00-10', '2021-04-31', 'XXXX-05-01', '2021-XX-15', '21-05-01', '', 'tomorrow', '0000-01-01'])(
    'rejects %s',
    (text) => expect(parsePartialDate(text)).toBeNull(),
  );
  it('accepts 29 February in leap years only, and with an unknown year', () => {
    expect(parsePartialDate('2024-02-29')).not.toBeNull();
    expect(parsePartialDate('1900-02-29')).toBeNull();
    expect(parsePartialDate('2000-02-29')).not.toBeNull();
  });
  it('formats for storage and German display', () => {
    const date = parsePartialDate('2021-05-XX');
    expect(date && formatDisplayDate(date)).toBe('XX.05.2021');
    expect(date && formatStorageDate(date)).toBe('2021-05-XX');
    expect(formatDisplayDate({ kind: 'date', year: 987, month: 1, day: 2 })).toBe('02.01.0987');
  });
  it('round-trips every valid date through storage and display form', () => {
    fc.assert(
      fc.property(partialDate, (date) => {
        expect(parsePartialDate(formatStorageDate(date))).toEqual(date);
        expect(parsePartialDate(formatDisplayDate(date))).toEqual(date);
      }),
    );
  });
});

describe('partial dates: comparison (ecrf-calls.md §5)', () => {
  it('compares by the first differing part', () => {
    expect(compareDateTexts('2020-XX-XX', '2021-05-01')).toBe('before');
    expect(compareDateTexts('2021-06-XX', '2021-05-31')).toBe('after');
    expect(compareDateTexts('2021-05-31', '2021-05-30')).toBe('after');
    expect(compareDateTexts('2021-05-30', '2021-05-30')).toBe('same');
  });
  it('is neutral when a needed part is unknown, ongoing or not a date', () => {
    expect(compareDateTexts('2021-05-XX', '2021-05-10')).toBe('neutral');
    expect(compareDateTexts('2021-UK-UK', '2021-05-10')).toBe('neutral');
    expect(compareDateTexts('ongoing', '2021-05-10')).toBe('neutral');
    expect(compareDateTexts('unknown', '2021-05-10')).toBe('neutral');
    expect(compareDateTexts('garbage', '2021-05-10')).toBe('neutral');
  });
  it('is antisymmetric', () => {
    const flip = { before: 'after', after: 'before', same: 'same', neutral: 'neutral' } as const;
    fc.assert(fc.property(partialDate, partialDate, (a, b) => comparePartialDates(b, a) === flip[comparePartialDates(a, b)]));
  });
  it('is neutral whenever a year is unknown or a date is ongoing/unknown', () => {
    fc.assert(
      fc.property(partialDate, partialDate, (a, b) => {
        const unknownYear = (d: PartialDate) => d.kind !== 'date' || typeof d.year !== 'number';
        fc.pre(unknownYear(a) || unknownYear(b));
        return comparePartialDates(a, b) === 'neutral';
      }),
    );
  });
  it('orders complete dates totally and transitively', () => {
    fc.assert(
      fc.property(completeDate, completeDate, completeDate, (a, b, c) => {
        expect(comparePartialDates(a, b)).not.toBe('neutral');
        if (comparePartialDates(a, b) === 'before' && comparePartialDates(b, c) === 'before') {
          expect(comparePartialDates(a, c)).toBe('before');
        }
      }),
    );
  });
});

describe('partial dates: adding years', () => {
  it('adds years, keeping unknown parts', () => {
    expect(addYears({ kind: 'date', year: 2022, month: 3, day: 15 }, 2)).toEqual({ kind: 'date', year: 2024, month: 3, day: 15 });
    expect(addYears({ kind: 'date', year: 2022, month: 'X', day: 'X' }, 2)).toEqual({ kind: 'date', year: 2024, month: 'X', day: 'X' });
    expect(addYears({ kind: 'ongoing' }, 2)).toEqual({ kind: 'ongoing' });
  });
  it('moves 29 February to 28 February in a non-leap year', () => {
    expect(addYears({ kind: 'date', year: 2024, month: 2, day: 29 }, 2)).toEqual({ kind: 'date', year: 2026, month: 2, day: 28 });
    expect(addYears({ kind: 'date', year: 2024, month: 2, day: 29 }, 4)).toEqual({ kind: 'date', year: 2028, month: 2, day: 29 });
  });
  it('always lands after the original complete date for positive years', () => {
    fc.assert(fc.property(completeDate, fc.integer({ min: 1, max: 50 }), (d, n) => comparePartialDates(addYears(d, n), d) === 'after'));
  });
  it('has reached a date on the same day and after it, not before it', () => {
    const due = { kind: 'date', year: 2024, month: 3, day: 15 } as const;
    expect(hasReached(due, { kind: 'date', year: 2024, month: 3, day: 14 })).toBe(false);
    expect(hasReached(due, { kind: 'date', year: 2024, month: 3, day: 15 })).toBe(true);
    expect(hasReached(due, { kind: 'date', year: 2024, month: 3, day: 16 })).toBe(true);
    expect(hasReached({ kind: 'date', year: 2024, month: 'X', day: 'X' }, { kind: 'date', year: 2024, month: 6, day: 1 })).toBe(false);
  });
});
