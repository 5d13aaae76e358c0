import { describe, expect, it } from 'vitest';
import { cellText, escapeFormula, sasCellText, sheetCell } from './cells.js';

describe('cells', () => {
  it.each(['=SUM(A1)', '+49 221', '-1+2', '@cmd', '\tx', '\rx'])('escapes %j against formula injection', (text) => {
    expect(escapeFormula(text)).toBe(`'${text}`);
    expect(cellText(text)).toBe(`'${text}`);
    expect(sheetCell(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers, dates and booleans as they are', () => {
    expect(escapeFormula('Müller')).toBe('Müller');
    expect(cellText(-3)).toBe('-3');
    expect(sheetCell(-3)).toBe(-3);
    expect(cellText(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-25T10:00:00.000Z');
    expect(cellText(true)).toBe('1');
    expect(cellText(null)).toBe('');
  });

  it('writes SAS cells without zone, fractions or line breaks', () => {
    expect(sasCellText(new Date('2026-11-25T10:00:00.123Z'))).toBe('2026-11-25T10:00:00');
    expect(sasCellText('erste Zeile\r\nzweite')).toBe('erste Zeile zweite');
    expect(sasCellText('=1+1')).toBe("'=1+1");
    expect(sasCellText(2.5)).toBe('2.5');
  });
});
