import { describe, expect, it } from 'vitest';
import { dateText, formatDay } from './dates';

describe('dateText', () => {
  it('reads stored dates as German users do, unknown parts included', () => {
    expect(dateText('2026-11-05')).toBe('05.11.2026');
    expect(dateText('2021-UK-UK')).toBe('UK.UK.2021');
    expect(dateText('unknown')).toBe('Datum unbekannt');
    expect(dateText('ongoing')).toBe('Andauernd');
    expect(dateText('kein Datum')).toBe('kein Datum');
  });

  it('shows a dash for a day that is not there', () => {
    expect(formatDay(null)).toBe('–');
    expect(formatDay('2026-11-05')).toBe('05.11.2026');
  });
});
