/**
 * The SAS program of the SAS export (ecrf-calls.md §7 "sas-export"): one DATA step per table reading
 * `<name>.csv` (delimiter ';', UTF-8, header line) with INFILE/INPUT, informats and formats by column type
 * and the column labels. The CSV files lie beside the program; `%let path` points at them. Records end in
 * CR LF (TERMSTR=CRLF), so line feeds inside a quoted text are read as data (SAS does not look at quotes when it
 * finds the end of a record); every text variable then loses the apostrophe that guards formula starts in the
 * CSV (writers/cells.ts), so the data sets hold the values as documented.
 */
import type { ExportColumn, ExportColumnType } from '../../export-content/export-content.js';
import type { ColumnWidths } from '../writers/table-writers.js';

/** Width of text variables when the program is written without the data (the longest text, when written after it). */
export const SAS_TEXT_LENGTH = 2000;
/** SAS text variables hold at most 32767 bytes; longer texts are cut there. */
const SAS_TEXT_MAX_LENGTH = 32767;
/** SAS labels hold at most 256 characters. */
const SAS_LABEL_MAX_LENGTH = 256;
/** INFILE's record length: at least this, more when the longest texts of a table need it. */
const SAS_MIN_RECORD_LENGTH = 1_000_000;

const FORMATS: Record<Exclude<ExportColumnType, 'string'>, { informat: string; format: string }> = {
  // Booleans are read as their text, whatever spelling the writer uses.
  boolean: { informat: '$char5.', format: '$char5.' },
  number: { informat: 'best32.', format: 'best32.' },
  date: { informat: 'yymmdd10.', format: 'yymmdd10.' },
  // ISO 8601 date-times with milliseconds (23 characters, 3 decimals), as the CSV holds them.
  datetime: { informat: 'e8601dt23.3', format: 'e8601dt23.3' },
};

/** Undoes the CSV's formula escape in every text variable (the rule of writers/cells.ts, as a Perl regex). */
const UNESCAPE_TEXTS = [
  '  ARRAY _ecrf_text _CHARACTER_;',
  '  DO _ecrf_i = 1 TO DIM(_ecrf_text);',
  `    _ecrf_text{_ecrf_i} = PRXCHANGE("s/^'(?='*[=+\\-@\\t\\r])//", 1, _ecrf_text{_ecrf_i});`,
  '  END;',
  '  DROP _ecrf_i;',
];

function quoted(text: string): string {
  return `"${text.slice(0, SAS_LABEL_MAX_LENGTH).replaceAll('"', '""')}"`;
}

type Table = { name: string; columns: readonly ExportColumn[] };

function dataStep(table: Table, widths: ReadonlyMap<string, number> | undefined): string {
  const by = (pick: (column: ExportColumn) => string) => table.columns.map((column) => `    ${column.key} ${pick(column)}`).join('\n');
  const textWidth = (key: string) => Math.min(SAS_TEXT_MAX_LENGTH, widths ? Math.max(1, widths.get(key) ?? 0) : SAS_TEXT_LENGTH);
  const formatOf = (column: ExportColumn) =>
    column.type === 'string'
      ? { informat: `$char${textWidth(column.key)}.`, format: `$char${textWidth(column.key)}.` }
      : FORMATS[column.type];
  // Each cell may be quoted with every quote doubled, plus its delimiter.
  const record = table.columns.reduce((sum, column) => sum + 2 * (widths?.get(column.key) ?? 0) + 3, 2);
  return [
    `DATA ${table.name};`,
    `  INFILE "&path/${table.name}.csv" DLM=';' DSD MISSOVER FIRSTOBS=2 LRECL=${Math.max(SAS_MIN_RECORD_LENGTH, record)} ENCODING='utf-8' TERMSTR=CRLF;`,
    `  INFORMAT\n${by((c) => formatOf(c).informat)};`,
    `  FORMAT\n${by((c) => formatOf(c).format)};`,
    `  INPUT\n${table.columns.map((c) => `    ${c.key}`).join('\n')};`,
    `  LABEL\n${by((c) => `= ${quoted(c.label)}`)};`,
    ...(table.columns.some((c) => c.type === 'string') ? UNESCAPE_TEXTS : []),
    'RUN;',
  ].join('\n');
}

/**
 * The program reading every table; tables without columns have nothing to read and are left out. With `widths`
 * (the longest cell of each column as written) every text variable is as wide as its longest text.
 */
export function sasProgram(tables: readonly Table[], widths?: ColumnWidths): string {
  const steps = tables.filter((table) => table.columns.length > 0).map((table) => dataStep(table, widths?.get(table.name)));
  return [
    '/* Liest die CSV-Dateien dieses Exports (Trennzeichen ";", UTF-8, Kopfzeile) mit Labels und Formaten. */',
    '/* Pfad zu den CSV-Dateien anpassen: */',
    '%let path = .;',
    '',
    steps.join('\n\n'),
    '',
  ].join('\n');
}
