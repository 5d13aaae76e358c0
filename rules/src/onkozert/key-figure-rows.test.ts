import { describe, expect, it } from 'vitest';
import { KEY_FIGURE_MESSAGES, keyFigureColumns, validateKeyFigureRow, validateKeyFigureRows } from './key-figure-rows.js';

describe('keyFigureColumns', () => {
  it('maps the header case-insensitively, with or without umlauts', () => {
    expect(keyFigureColumns(['jahr', ' Kennzahl ', 'Zaehler', 'NENNER'])).toEqual({
      columns: ['year', 'keyFigure', 'numerator', 'denominator'],
    });
    expect(keyFigureColumns(['Jahr', 'Kennzahl', 'Bezeichnung', 'Zähler'])).toEqual({
      columns: ['year', 'keyFigure', 'label', 'numerator'],
    });
  });

  it('refuses an unknown, a missing or a doubled column', () => {
    expect(keyFigureColumns(['Jahr', 'Kennzahl', 'Zähler', 'Name'])).toEqual({ error: KEY_FIGURE_MESSAGES.unknownColumn('Name') });
    expect(keyFigureColumns(['Jahr', 'Zähler'])).toEqual({ error: 'Die Pflichtspalte „Kennzahl“ fehlt.' });
    expect(keyFigureColumns(['Jahr', 'Kennzahl', 'Zähler', 'zaehler'])).toEqual({ error: 'Die Spalte „Zähler“ ist doppelt vorhanden.' });
  });
});

describe('validateKeyFigureRow', () => {
  const valid = { year: '2024', keyFigure: '2a', label: 'Primärfälle', numerator: '12', denominator: '20' };

  it('accepts a ratio and a counting figure without denominator', () => {
    expect(validateKeyFigureRow(2, valid, 2025)).toEqual({
      figure: { row: 2, year: 2024, keyFigure: '2a', label: 'Primärfälle', numerator: 12, denominator: 20 },
    });
    expect(validateKeyFigureRow(3, { year: '2024', keyFigure: '12.1', numerator: '0' }, 2025)).toEqual({
      figure: { row: 3, year: 2024, keyFigure: '12.1', label: null, numerator: 0, denominator: null },
    });
  });

  it('names every broken column of the row in German', () => {
    const result = validateKeyFigureRow(
      7,
      { year: '24', keyFigure: 'KZ 1', label: 'x'.repeat(201), numerator: '-1', denominator: '0' },
      2025,
    );
    expect(result).toEqual({
      problems: [
        { row: 7, column: 'Jahr', message: 'Jahr mit 4 Ziffern, z. B. 2024' },
        { row: 7, column: 'Kennzahl', message: 'Kennzahl wie 1, 2a oder 12.1' },
        { row: 7, column: 'Bezeichnung', message: 'Höchstens 200 Zeichen' },
        { row: 7, column: 'Zähler', message: 'Ganze Zahl ab 0' },
        { row: 7, column: 'Nenner', message: 'Ganze Zahl ab 1 oder leer' },
      ],
    });
  });

  it('refuses missing values, a future year and a denominator below the numerator', () => {
    expect(validateKeyFigureRow(2, { year: '', keyFigure: '', numerator: '' }, 2025)).toEqual({
      problems: ['Jahr', 'Kennzahl', 'Zähler'].map((column) => ({ row: 2, column, message: 'Wird benötigt' })),
    });
    expect(validateKeyFigureRow(2, { ...valid, year: '2026' }, 2025)).toEqual({
      problems: [{ row: 2, column: 'Jahr', message: 'Jahr zwischen 2000 und 2025' }],
    });
    expect(validateKeyFigureRow(2, { ...valid, denominator: '5' }, 2025)).toEqual({
      problems: [{ row: 2, column: 'Nenner', message: 'Der Nenner ist kleiner als der Zähler' }],
    });
  });
});

describe('validateKeyFigureRows', () => {
  it('keeps the good rows, rejects the bad ones and a figure repeated within a year', () => {
    const { accepted, rejected } = validateKeyFigureRows(
      [
        { row: 2, cells: { year: '2024', keyFigure: '1', numerator: '120' } },
        { row: 3, cells: { year: '2024', keyFigure: '2', numerator: 'viele' } },
        { row: 4, cells: { year: '2024', keyFigure: '1', numerator: '121' } },
        { row: 5, cells: { year: '2023', keyFigure: '1', numerator: '98' } },
      ],
      2025,
    );
    expect(accepted.map((f) => f.row)).toEqual([2, 5]);
    expect(rejected).toEqual([
      { row: 3, column: 'Zähler', message: 'Ganze Zahl ab 0' },
      { row: 4, column: 'Kennzahl', message: 'Kennzahl 1 für 2024 steht bereits in Zeile 2' },
    ]);
  });
});
