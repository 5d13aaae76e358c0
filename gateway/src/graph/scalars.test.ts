import { describe, expect, it } from 'vitest';
import { DateScalar, DateTimeScalar, PartialDateScalar } from './scalars.js';

describe('Date', () => {
  it('answers yyyy-MM-dd, also for an upstream date-time', () => {
    expect(DateScalar.serialize('2026-02-28')).toBe('2026-02-28');
    expect(DateScalar.serialize('2026-02-28T00:00:00.000Z')).toBe('2026-02-28');
  });
  it('refuses impossible and partial dates and other shapes', () => {
    for (const bad of ['2026-02-29', '2026-13-01', '28.02.2026', '2026-XX-01', '2026-02-28T10:00:00Z', 20260228]) {
      expect(() => DateScalar.parseValue(bad)).toThrow(/Date cannot represent/);
    }
    expect(DateScalar.parseValue('2024-02-29')).toBe('2024-02-29');
  });
});

describe('DateTime', () => {
  it('answers UTC whatever the offset', () => {
    expect(DateTimeScalar.serialize('2026-03-29T01:30:00+01:00')).toBe('2026-03-29T00:30:00.000Z');
    expect(DateTimeScalar.serialize(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000Z');
  });
  it('refuses inputs without a zone and non-dates', () => {
    for (const bad of ['2026-03-29T01:30:00', '2026-03-29', 'gestern', 12]) {
      expect(() => DateTimeScalar.parseValue(bad)).toThrow(/DateTime cannot represent/);
    }
    expect(DateTimeScalar.parseValue('2026-03-29T01:30:00.5+02:00')).toBe('2026-03-28T23:30:00.500Z');
  });
});

describe('PartialDate', () => {
  it('keeps unknown parts apart and takes ongoing and unknown', () => {
    for (const value of ['2021-UK-UK', '2021-05-XX', 'XXXX-XX-XX', 'ongoing', 'unknown', '2021-05-17']) {
      expect(PartialDateScalar.parseValue(value)).toBe(value);
    }
  });
  it('refuses a known part finer than an unknown one, and the display form', () => {
    for (const bad of ['2021-XX-15', '15.05.2021', '2021-5-1', '']) {
      expect(() => PartialDateScalar.parseValue(bad)).toThrow(/PartialDate cannot represent/);
    }
  });
});
