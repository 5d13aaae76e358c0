/**
 * The OncoBox (OnkoZert) import format: the key figures (Kennzahlen) of the DKG data sheet of one location
 * and certification year, one row per key figure (ecrf-calls.md §7 "Onkozert: POST import"). No public
 * OncoBox XML schema exists (reference/lung-registry.md), so the registry accepts the data sheet's figures
 * as CSV: a header row naming the columns, then one row per figure. Each row is checked on its own, so one
 * bad row does not cost the others; the messages name row and column in German.
 */

/** The columns of the format; `label` is the header text (compared case-insensitively, umlauts optional). */
export const KEY_FIGURE_COLUMNS = [
  { key: 'year', label: 'Jahr', required: true, aliases: [] },
  { key: 'keyFigure', label: 'Kennzahl', required: true, aliases: [] },
  { key: 'label', label: 'Bezeichnung', required: false, aliases: [] },
  { key: 'numerator', label: 'Zähler', required: true, aliases: ['zaehler'] },
  { key: 'denominator', label: 'Nenner', required: false, aliases: [] },
] as const;

export type KeyFigureColumn = (typeof KEY_FIGURE_COLUMNS)[number]['key'];

/** One accepted row: a key figure of a year with its numerator and, for ratios, its denominator. */
export type KeyFigure = {
  /** The row number in the file (the header is row 1). */
  row: number;
  year: number;
  keyFigure: string;
  label: string | null;
  numerator: number;
  denominator: number | null;
};

/** Why a row was rejected: its number in the file, the column's header text (null: the row as a whole). */
export type RowProblem = { row: number; column: string | null; message: string };

/** The data sheets start with the first certification years of the lung centres. */
export const FIRST_YEAR = 2000;
export const LABEL_MAX = 200;

export const KEY_FIGURE_MESSAGES = {
  required: 'Wird benötigt',
  yearFormat: 'Jahr mit 4 Ziffern, z. B. 2024',
  yearRange: (latest: number) => `Jahr zwischen ${FIRST_YEAR} und ${latest}`,
  keyFigureFormat: 'Kennzahl wie 1, 2a oder 12.1',
  labelLength: `Höchstens ${LABEL_MAX} Zeichen`,
  numerator: 'Ganze Zahl ab 0',
  denominator: 'Ganze Zahl ab 1 oder leer',
  denominatorBelowNumerator: 'Der Nenner ist kleiner als der Zähler',
  duplicate: (keyFigure: string, year: number, row: number) => `Kennzahl ${keyFigure} für ${year} steht bereits in Zeile ${row}`,
  unknownColumn: (name: string) => `Unbekannte Spalte „${name}“. Erlaubt sind: ${KEY_FIGURE_COLUMNS.map((c) => c.label).join(', ')}.`,
  missingColumn: (name: string) => `Die Pflichtspalte „${name}“ fehlt.`,
  duplicateColumn: (name: string) => `Die Spalte „${name}“ ist doppelt vorhanden.`,
} as const;

const KEY_FIGURE = /^\d{1,3}[a-z]?(\.\d{1,2})?$/;
const normalise = (header: string) => header.trim().toLowerCase();

/**
 * Maps the header row to the format's columns, or the reason the file as a whole is refused (an unknown,
 * missing or doubled column): a file of another kind must not be read as key figures.
 */
export function keyFigureColumns(header: readonly string[]): { columns: KeyFigureColumn[] } | { error: string } {
  const columns: KeyFigureColumn[] = [];
  for (const name of header) {
    const text = normalise(name);
    const column = KEY_FIGURE_COLUMNS.find((c) => normalise(c.label) === text || (c.aliases as readonly string[]).includes(text));
    if (!column) return { error: KEY_FIGURE_MESSAGES.unknownColumn(name.trim()) };
    if (columns.includes(column.key)) return { error: KEY_FIGURE_MESSAGES.duplicateColumn(column.label) };
    columns.push(column.key);
  }
  const missing = KEY_FIGURE_COLUMNS.find((c) => c.required && !columns.includes(c.key));
  return missing ? { error: KEY_FIGURE_MESSAGES.missingColumn(missing.label) } : { columns };
}

const labelOf = (key: KeyFigureColumn): string => KEY_FIGURE_COLUMNS.find((c) => c.key === key)?.label ?? key;

function integer(text: string, minimum: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= minimum ? value : null;
}

/** Checks one data row (cells by column); the row number is the file's, the latest year the registry's current one. */
export function validateKeyFigureRow(
  row: number,
  cells: Readonly<Partial<Record<KeyFigureColumn, string>>>,
  latestYear: number,
): { figure: KeyFigure } | { problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const problem = (column: KeyFigureColumn, message: string) => problems.push({ row, column: labelOf(column), message });
  const cell = (column: KeyFigureColumn) => (cells[column] ?? '').trim();

  const yearText = cell('year');
  const year = Number(yearText);
  if (yearText === '') problem('year', KEY_FIGURE_MESSAGES.required);
  else if (!/^\d{4}$/.test(yearText)) problem('year', KEY_FIGURE_MESSAGES.yearFormat);
  else if (year < FIRST_YEAR || year > latestYear) problem('year', KEY_FIGURE_MESSAGES.yearRange(latestYear));

  const keyFigure = cell('keyFigure');
  if (keyFigure === '') problem('keyFigure', KEY_FIGURE_MESSAGES.required);
  else if (!KEY_FIGURE.test(keyFigure)) problem('keyFigure', KEY_FIGURE_MESSAGES.keyFigureFormat);

  const label = cell('label');
  if (label.length > LABEL_MAX) problem('label', KEY_FIGURE_MESSAGES.labelLength);

  const numeratorText = cell('numerator');
  const numerator = integer(numeratorText, 0);
  if (numeratorText === '') problem('numerator', KEY_FIGURE_MESSAGES.required);
  else if (numerator === null) problem('numerator', KEY_FIGURE_MESSAGES.numerator);

  const denominatorText = cell('denominator');
  const denominator = denominatorText === '' ? null : integer(denominatorText, 1);
  if (denominatorText !== '' && denominator === null) problem('denominator', KEY_FIGURE_MESSAGES.denominator);
  else if (denominator !== null && numerator !== null && denominator < numerator) {
    problem('denominator', KEY_FIGURE_MESSAGES.denominatorBelowNumerator);
  }

  if (problems.length > 0 || numerator === null) return { problems };
  return { figure: { row, year, keyFigure, label: label === '' ? null : label, numerator, denominator } };
}

/**
 * Checks every data row of a file: the accepted figures and the problems of the rejected rows. A key figure
 * may appear once per year; a repetition is rejected with the row of its first appearance.
 */
export function validateKeyFigureRows(
  rows: readonly { row: number; cells: Readonly<Partial<Record<KeyFigureColumn, string>>> }[],
  latestYear: number,
): { accepted: KeyFigure[]; rejected: RowProblem[] } {
  const accepted: KeyFigure[] = [];
  const rejected: RowProblem[] = [];
  const firstRow = new Map<string, number>();
  for (const { row, cells } of rows) {
    const result = validateKeyFigureRow(row, cells, latestYear);
    if ('problems' in result) {
      rejected.push(...result.problems);
      continue;
    }
    const { figure } = result;
    const key = `${figure.year}|${figure.keyFigure}`;
    const earlier = firstRow.get(key);
    if (earlier !== undefined) {
      rejected.push({ row, column: labelOf('keyFigure'), message: KEY_FIGURE_MESSAGES.duplicate(figure.keyFigure, figure.year, earlier) });
      continue;
    }
    firstRow.set(key, row);
    accepted.push(figure);
  }
  return { accepted, rejected };
}
