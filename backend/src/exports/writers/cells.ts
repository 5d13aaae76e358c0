/**
 * Cell values as files hold them. Text that a spreadsheet would run as a formula (it starts with = + - @, a tab
 * or a carriage return) gets a leading apostrophe (OWASP "CSV injection"), in CSV and XLSX alike.
 */
import type { ExportCell } from '../../export-content/export-content.js';

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as text for CSV: dates ISO 8601, booleans 1/0 (what SAS and R read), empty for null. */
export function cellText(value: ExportCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  return escapeFormula(value);
}

/** A cell for XLSX: numbers and dates keep their type; text is escaped like CSV. */
export function sheetCell(value: ExportCell | undefined): string | number | boolean | Date | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? escapeFormula(value) : value;
}

/**
 * A cell for the SAS export's CSV: SAS's e8601dt. reads date-times without zone or fractions (UTC as stored), and
 * its INFILE cannot read a line break inside a quoted value, so breaks become spaces.
 */
export function sasCellText(value: ExportCell | undefined): string {
  if (value instanceof Date) return value.toISOString().slice(0, 19);
  if (typeof value === 'string') return cellText(value.replace(/[\r\n]+/g, ' '));
  return cellText(value);
}
