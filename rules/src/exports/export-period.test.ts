import { describe, expect, it } from 'vitest';
import { exportInstant, exportPeriod, periodDays, recruitmentCutoffs } from './export-period.js';

describe('export windows (ecrf-calls.md §7, §9)', () => {
  it('reads a registry day as Berlin midnight and a date-time as given', () => {
    expect(exportInstant('2024-07-01', 'start').toISOString()).toBe('2024-06-30T22:00:00.000Z');
    expect(exportInstant('2024-07-01', 'end').toISOString()).toBe('2024-07-01T22:00:00.000Z');
    expect(exportInstant('2024-01-15T03:30:00.000Z', 'start').toISOString()).toBe('2024-01-15T03:30:00.000Z');
    expect(() => exportInstant('gestern', 'start')).toThrow(RangeError);
  });
  it('runs from fromDate to toDate, or to the job start, and names its registry days', () => {
    const startedAt = new Date('2024-03-10T12:00:00Z');
    expect(exportPeriod({}, startedAt)).toEqual({ from: null, to: startedAt });
    const period = exportPeriod({ fromDate: '2024-01-01', toDate: '2024-01-31' }, startedAt);
    expect(period.from?.toISOString()).toBe('2023-12-31T23:00:00.000Z');
    expect(periodDays(period)).toEqual({ firstDay: '2024-01-01', lastDay: '2024-01-31' });
    expect(periodDays({ from: null, to: startedAt })).toEqual({ firstDay: null, lastDay: '2024-03-10' });
  });
  it('counts recruitment up to the day of fromDate and 7 days earlier by default', () => {
    const startedAt = new Date('2024-03-31T23:30:00Z'); // 1 April in Berlin (summer time)
    expect(recruitmentCutoffs({}, startedAt)).toEqual({ day: '2024-04-01', previousDay: '2024-03-25' });
    expect(recruitmentCutoffs({ fromDate: '2024-05-10T08:00:00Z', previousFromDate: '2024-05-01T08:00:00Z' }, startedAt)).toEqual({
      day: '2024-05-10',
      previousDay: '2024-05-01',
    });
  });
});
