import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registryDayEnd, registryDayStart, registryInstant, registryToday } from './registry-day.js';

const day = (iso: string) => registryToday(new Date(iso));

describe('registryToday: the calendar day in Europe/Berlin', () => {
  it('is already the next day in Berlin late in the UTC evening (winter time, UTC+1)', () => {
    expect(day('2026-03-28T22:59:59Z')).toBe('2026-03-28');
    expect(day('2026-03-28T23:00:00Z')).toBe('2026-03-29');
    expect(day('2026-03-28T23:30:00Z')).toBe('2026-03-29');
    expect(day('2026-01-15T22:59:59Z')).toBe('2026-01-15');
    expect(day('2026-01-15T23:00:00Z')).toBe('2026-01-16');
  });
  it('turns two hours before UTC in summer time (UTC+2)', () => {
    expect(day('2026-07-01T21:59:59Z')).toBe('2026-07-01');
    expect(day('2026-07-01T22:00:00Z')).toBe('2026-07-02');
    // The night the clocks go back (25 October 2026): 00:59:59 CEST and 23:00 CET bound the day.
    expect(day('2026-10-24T22:00:00Z')).toBe('2026-10-25');
    expect(day('2026-10-25T22:59:59Z')).toBe('2026-10-25');
  });
  it('crosses the year in Berlin before it does in UTC', () => {
    expect(day('2025-12-31T22:59:59Z')).toBe('2025-12-31');
    expect(day('2025-12-31T23:00:00Z')).toBe('2026-01-01');
  });
  it('is the UTC day or the one after, as yyyy-MM-dd', () => {
    const instants = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (now) => {
        const utc = now.toISOString().slice(0, 10);
        const next = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
        const berlin = registryToday(now);
        expect(berlin).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect([utc, next]).toContain(berlin);
        // At noon UTC Berlin is always on the same day.
        expect(registryToday(new Date(`${utc}T12:00:00Z`))).toBe(utc);
      }),
    );
  });
});

describe('registryDayStart and registryDayEnd: the instants that bound a registry day', () => {
  it('is Berlin midnight in winter and in summer, also on the days the clocks change', () => {
    expect(registryDayStart('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(registryDayStart('2026-07-01')).toBe('2026-06-30T22:00:00.000Z');
    expect(registryDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(registryDayStart('2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
  });
  it('ends at the next Berlin midnight: 23 hours when the clocks go forward, 25 when they go back', () => {
    expect(registryDayEnd('2026-03-29')).toBe('2026-03-29T22:00:00.000Z');
    expect(registryDayEnd('2026-10-25')).toBe('2026-10-25T23:00:00.000Z');
    expect(registryDayEnd('2025-12-31')).toBe('2025-12-31T23:00:00.000Z');
  });
  it('holds every instant whose registry day it is', () => {
    const instants = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (now) => {
        const today = registryToday(now);
        expect(now.getTime()).toBeGreaterThanOrEqual(Date.parse(registryDayStart(today)));
        expect(now.getTime()).toBeLessThan(Date.parse(registryDayEnd(today)));
      }),
    );
  });
});

describe("registryInstant: a day and a time on Berlin's clock", () => {
  it('is the instant in winter and in summer time', () => {
    expect(registryInstant('2026-01-15', '08:05')).toBe('2026-01-15T07:05:00.000Z');
    expect(registryInstant('2026-07-01', '14:30')).toBe('2026-07-01T12:30:00.000Z');
    expect(registryInstant('2026-03-29', '03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(registryInstant('2026-10-25', '23:59')).toBe('2026-10-25T22:59:00.000Z');
  });
  it("names an instant of that registry day showing that time on Berlin's clock", () => {
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const instants = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (now) => {
        const [day, time] = [registryToday(now), clock.format(now)];
        const instant = new Date(registryInstant(day, time));
        expect([registryToday(instant), clock.format(instant)]).toEqual([day, time]);
      }),
    );
  });
});
