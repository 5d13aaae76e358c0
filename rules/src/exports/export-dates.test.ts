import { describe, expect, it } from 'vitest';
import { recruitmentStatusDates, screeningExportDefaultFrom } from './export-dates.js';

describe('export dates', () => {
  it('opens the screening export at 04:30 Berlin time of the current Berlin day, winter and summer', () => {
    expect(screeningExportDefaultFrom(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-25T03:30:00.000Z');
    expect(screeningExportDefaultFrom(new Date('2026-07-01T10:00:00Z'))).toBe('2026-07-01T02:30:00.000Z');
    // 23:30 UTC on the 24th is already the 25th in Berlin.
    expect(screeningExportDefaultFrom(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25T03:30:00.000Z');
    // Before 04:30 the window still opens at 04:30 of this day (nothing yet).
    expect(screeningExportDefaultFrom(new Date('2026-11-25T02:00:00Z'))).toBe('2026-11-25T03:30:00.000Z');
  });

  it('compares now with exactly seven days earlier', () => {
    expect(recruitmentStatusDates(new Date('2026-11-25T10:00:00Z'))).toEqual({
      fromDate: '2026-11-25T10:00:00.000Z',
      previousFromDate: '2026-11-18T10:00:00.000Z',
    });
  });
});
