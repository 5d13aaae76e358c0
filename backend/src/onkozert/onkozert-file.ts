/**
 * Reading an uploaded OncoBox file (ecrf-calls.md §7 "Onkozert: POST import"): the file as a whole is checked
 * before any row: its name ends in .csv, its bytes are UTF-8 text (no binary), it parses as CSV, and its header
 * names the columns of the key-figure format (@ecrf/rules key-figure-rows.ts). A file that fails any of these
 * is refused with a German message and nothing is stored; afterwards each row is judged on its own.
 */
import { keyFigureColumns, type KeyFigureColumn } from '@ecrf/rules';
import { parse } from 'csv-parse/sync';
import { EcrfError } from '../errors/errors.js';
import { IMPORT_MESSAGES } from '../errors/messages.js';

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const refusedFile = (message: string): EcrfError => new EcrfError('ECRF_ERR_VALIDATION', message);

export type FileRow = { row: number; cells: Partial<Record<KeyFigureColumn, string>> };

type Record_ = { record: string[]; info: { lines: number } };

/** The data rows of an uploaded key-figure CSV, or a refusal of the file as a whole. */
export function readKeyFigureFile(fileName: string, content: Uint8Array): FileRow[] {
  if (!/\.csv$/i.test(fileName)) throw refusedFile(IMPORT_MESSAGES.extension);
  let text: string;
  try {
    if (content.includes(0)) throw new Error('binary');
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw refusedFile(IMPORT_MESSAGES.notText);
  }
  // Spreadsheets save German CSV with semicolons, others with commas; the header line tells which.
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') ? ';' : ',';
  let records: Record_[];
  try {
    records = parse(text, { bom: true, delimiter, skip_empty_lines: true, info: true, trim: true }) as unknown as Record_[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refusedFile(IMPORT_MESSAGES.unreadable(line));
  }
  const [header, ...data] = records;
  if (!header) throw refusedFile(IMPORT_MESSAGES.noRows);
  const mapped = keyFigureColumns(header.record);
  if ('error' in mapped) throw refusedFile(mapped.error);
  if (data.length === 0) throw refusedFile(IMPORT_MESSAGES.noRows);
  return data.map(({ record, info }) => ({
    row: info.lines,
    cells: Object.fromEntries(mapped.columns.map((column, i) => [column, record[i] ?? ''])),
  }));
}
