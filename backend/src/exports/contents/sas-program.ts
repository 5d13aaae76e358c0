/**
 * The SAS program of the SAS export (ecrf-calls.md §7 "sas-export"): one DATA step per table reading
 * `<name>.csv` (delimiter ';', UTF-8, header line) with INFILE/INPUT, informats and formats by column type
 * and the column labels. The CSV files lie beside the program; `%let path` points at them. Records end in
 * CR LF (TERMSTR=CRLF), so line feeds inside a quoted text are read as data (SAS does not look at quotes when it
 * finds the end of a record); every text variable then loses the apostrophe that guards formula starts in the
 * CSV (writers/cells.ts), so the data sets hold the values as documented.
 */
import type { ExportColumn, ExportColumnType } from '../../export-content/export-content.js';

/** Width of text variables: the program is written before the data, so one width fits every text. */
export const SAS_TEXT_LENGTH = 2000;
/** SAS labels hold at most 256 characters. */
const SAS_LABEL_MAX_LENGTH = 256;

const FORMATS: Record<ExportColumnType, { informat: string; format: string }> = {
  string: { informat: `$char${SAS_TEXT_LENGTH}.`, format: `$char${SAS_TEXT_LENGTH}.` },
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

function dataStep(table: { name: string; columns: readonly ExportColumn[] }): string {
  const by = (pick: (column: ExportColumn) => string) => table.columns.map((column) => `    ${column.key} ${pick(column)}`).join('\n');
  return [
    `DATA ${table.name};`,
    `  INFILE "&path/${table.name}.csv" DLM=';' DSD MISSOVER FIRSTOBS=2 LRECL=1000000 ENCODING='utf-8' TERMSTR=CRLF;`,
    `  INFORMAT\n${by((c) => FORMATS[c.type].informat)};`,
    `  FORMAT\n${by((c) => FORMATS[c.type].format)};`,
    `  INPUT\n${table.columns.map((c) => `    ${c.key}`).join('\n')};`,
    `  LABEL\n${by((c) => `= ${quoted(c.label)}`)};`,
    ...(table.columns.some((c) => c.type === 'string') ? UNESCAPE_TEXTS : []),
    'RUN;',
  ].join('\n');
}

/** The program reading every table; tables without columns have nothing to read and are left out. */
export function sasProgram(tables: readonly { name: string; columns: readonly ExportColumn[] }[]): string {
  const steps = tables.filter((table) => table.columns.length > 0).map(dataStep);
  return [
    '/* Liest die CSV-Dateien dieses Exports (Trennzeichen ";", UTF-8, Kopfzeile) mit Labels und Formaten. */',
    '/* Pfad zu den CSV-Dateien anpassen: */',
    '%let path = .;',
    '',
    steps.join('\n\n'),
    '',
  ].join('\n');
}
