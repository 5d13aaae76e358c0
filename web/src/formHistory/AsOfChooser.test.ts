import { describe, expect, it } from 'vitest';
import { calendarDay, chosenInstant } from './AsOfChooser';

describe('calendarDay', () => {
  it('takes days the calendar has and refuses the others', () => {
    expect(calendarDay('1', '3', '2026')).toBe('2026-03-01');
    expect(calendarDay('29', '02', '2028')).toBe('2028-02-29');
    expect(calendarDay('31', '02', '2026')).toBeNull();
    expect(calendarDay('29', '02', '2027')).toBeNull();
    expect(calendarDay('01', '13', '2026')).toBeNull();
    expect(calendarDay('', '03', '2026')).toBeNull();
    expect(calendarDay('01', '03', '26')).toBeNull();
  });
});

describe('chosenInstant', () => {
  it('is the end of the chosen minute, or of the day without a time, on Berlin’s clock', () => {
    expect(chosenInstant('2026-07-01', '14:05')).toBe('2026-07-01T12:05:59.999Z');
    expect(chosenInstant('2026-01-15', '')).toBe('2026-01-15T22:59:59.999Z');
  });
});
