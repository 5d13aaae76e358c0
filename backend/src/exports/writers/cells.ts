/**
 * Cell values as files hold them. CSV text that a spreadsheet would run as a formula (it starts with = + - @, a tab
 * or a carriage return) gets a leading apostrophe (OWASP "CSV injection"); so that a reader can undo it, text that
 * already starts with apostrophes before such a character gets one more. XLSX cells are typed: a text cell is never
 * run as a formula, so it keeps its text exactly.
 */
import type { ExportCell } from '../../export-content/export-content.js';

const FORMULA_START = /^'*[=+\-@\t\r]/;

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

/** A cell for XLSX: numbers, dates and text keep their type and value. */
export function sheetCell(value: ExportCell | undefined): string | number | boolean | Date | null {
  return value ?? null;
}

/**
 * A cell for the SAS export's CSV: SAS's e8601dt23.3 reads date-times with milliseconds and without zone (UTC as
 * stored). Its
 * records end in CR LF (INFILE TERMSTR=CRLF), so a line feed inside a value is data; a CR LF inside a value
 * becomes a line feed, the one thing SAS cannot hold. The program removes the formula escape again.
 */
export function sasCellText(value: ExportCell | undefined): string {
  if (value instanceof Date) return value.toISOString().slice(0, 23);
  if (typeof value === 'string') return cellText(value.replace(/\r\n/g, '\n'));
  return cellText(value);
}
