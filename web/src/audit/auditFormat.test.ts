import { describe, expect, it } from 'vitest';
import { formatAuditTime, formatAuditValue } from './auditFormat';

describe('audit display helpers', () => {
  it('shows values as a reader expects them', () => {
    expect(formatAuditValue('"Klinikum Essen"')).toBe('Klinikum Essen');
    expect(formatAuditValue('true')).toBe('ja');
    expect(formatAuditValue('false')).toBe('nein');
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue('null')).toBe('—');
    expect(formatAuditValue('{"isDigiNet":true}')).toBe('{"isDigiNet":true}');
  });

  it('formats times German', () => {
    expect(formatAuditTime('2026-03-04T05:06:07.000Z')).toMatch(/^04\.03\.2026, \d{2}:06:07$/);
  });
});
