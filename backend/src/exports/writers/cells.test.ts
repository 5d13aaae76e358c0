import { describe, expect, it } from 'vitest';
import { cellText, escapeFormula, sasCellText, sheetCell } from './cells.js';

describe('cells', () => {
  it.each(['=SUM(A1)', '+49 221', '-1+2', '@cmd', '\tx', '\rx', "'=1", "''+x"])('escapes %j in CSV against formula injection', (text) => {
    expect(escapeFormula(text)).toBe(`'${text}`);
    expect(cellText(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers, dates and booleans as they are', () => {
    expect(escapeFormula('Müller')).toBe('Müller');
    expect(escapeFormula("'s Hertogenbosch")).toBe("'s Hertogenbosch");
    expect(cellText(-3)).toBe('-3');
    expect(cellText(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-25T10:00:00.000Z');
    expect(cellText(true)).toBe('1');
    expect(cellText(null)).toBe('');
  });

  it('keeps XLSX cells exactly: a text cell is never a formula', () => {
    expect(sheetCell('=SUM(A1)')).toBe('=SUM(A1)');
    expect(sheetCell(-3)).toBe(-3);
    expect(sheetCell(undefined)).toBeNull();
  });

  it('writes SAS cells without zone, line feeds kept and CR LF as a line feed', () => {
    expect(sasCellText(new Date('2026-11-25T10:00:00.123Z'))).toBe('2026-11-25T10:00:00.123');
    expect(sasCellText('erste Zeile\r\nzweite\ndritte')).toBe('erste Zeile\nzweite\ndritte');
    expect(sasCellText('=1+1')).toBe("'=1+1");
    expect(sasCellText(2.5)).toBe('2.5');
  });
});
